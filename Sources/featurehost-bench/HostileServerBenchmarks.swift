import FeatureHostTestSupport
import FeatureHostTesting
import Foundation

/// The peak resident memory of a real `featurehost snapshot car-news` (the kernel's figure for that process) against
/// each attack of `HostileFeedServer`: pictures or a feed that are 2 GiB compression bombs or 400 MiB bodies, with
/// and without a length. Beside its anchors in the same run: the same command on a well-behaved feed, and
/// `featurehost --version` (the process doing nothing). Build `featurehost` in the same configuration first.
enum HostileServerBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        let executable = ProductsDirectory.executable("featurehost")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            return print("hostile-server: \(executable.path) is missing; run `swift build -c release --product featurehost` first")
        }
        guard let directory = try? TemporaryDirectory("featurehost-bench-hostile"), let hostile = try? HostileFeedServer() else {
            return print("hostile-server: no temporary directory or loopback server")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["FEATUREHOST_CONFIG"] = nil
        environment["NO_COLOR"] = "1"
        func measure(_ arguments: [String], data: String) async -> MeasuredProcess.Outcome? {
            environment["FEATUREHOST_DATA_DIR"] = directory.file(data).path
            return try? await MeasuredProcess.run(executable, arguments, environment: environment, outputDirectory: directory.url)
        }
        if let idle = await measure(["--version"], data: "version") {
            bench.report("hostile-server: featurehost --version (anchor)", value: String(format: "%.1f MiB peak", idle.peakResidentMiB))
        }
        var normal: Double?
        for attack in HostileFeedServer.Attack.allCases {
            guard let config = try? directory.write(hostile.config(attack), to: "\(attack.rawValue).json"),
                let run = await measure(
                    ["snapshot", "car-news", "--config", config.path, "--advance", "5", "--size", "100x30"], data: attack.rawValue)
            else { continue }
            if attack == .none { normal = run.peakResidentMiB }
            let ratio = normal.map { String(format: ", %.2f× the normal feed", run.peakResidentMiB / $0) } ?? ""
            bench.report(
                "hostile-server: snapshot car-news, \(attack.rawValue)",
                value: String(format: "%.1f MiB peak", run.peakResidentMiB) + ratio + ", exit \(run.result.status)")
        }
    }
}
