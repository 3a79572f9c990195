import DataSources
import Foundation

/// The payload cache: saving a 1 MB payload, and reading it back.
enum DataSourceBenchmarks {
    static func run(_ bench: inout Benchmark) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("featurehost-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let cache = try? PayloadCache(file: directory.appendingPathComponent("payloads.sqlite")) else {
            print("data-sources: cannot open a payload cache in \(directory.path)")
            return
        }
        let payload = Data(repeating: 0x41, count: 1 << 20)
        bench.measure("data-sources: save a 1 MB payload (one transaction)") {
            try? cache.save(payload, forKey: "bench", at: Date())
        }
        bench.measure("data-sources: read a 1 MB payload") {
            _ = try? cache.entry(forKey: "bench")
        }
    }
}
