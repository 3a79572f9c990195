import DataSources
import FeatureHostRuntime
import Foundation

/// The payload cache saving a fresh reply (`PayloadCache.save`, what `CachedHTTPSource` does after a good fetch),
/// and opening it as a load does (`PayloadCache` at `cache/payloads.sqlite`, the entry, the recovery notice).
///
/// Generation N: a 1 MB body that names N and is filled with a byte that depends on N, saved at
/// `StressHost.date(of: N)`.
struct PayloadSaves: GenerationSaver {
    static let key = "http:https://example.com/articles.json"
    let file: URL

    init(host: StressHost) throws { file = host.environment.payloadCacheFile }

    static func body(_ generation: Int) -> Data {
        var body = Data("{\"generation\":\(generation),\"filler\":\"".utf8)
        body.append(Data(repeating: UInt8(ascii: "a") + UInt8(generation % 26), count: 1_000_000))
        body.append(Data("\"}".utf8))
        return body
    }

    func save(generation: Int) async throws {
        let cache = try PayloadCache(file: file, now: Date())
        try cache.save(Self.body(generation), forKey: Self.key, at: StressHost.date(of: generation))
    }

    func read(candidates: [Int]) async -> ReadOutcome {
        do {
            let cache = try PayloadCache(file: file, now: Date())
            if let notice = cache.recoveryNotice { return .damaged("notice: \(notice)") }
            guard let entry = try cache.entry(forKey: Self.key) else { return .damaged("no saved payload") }
            let found =
                "\(entry.body.count) bytes starting \(String(decoding: entry.body.prefix(24), as: UTF8.self)), saved at \(entry.savedAt.timeIntervalSince1970)"
            return firstMatch(candidates, found: found) { generation in
                entry.savedAt == StressHost.date(of: generation) && entry.body == Self.body(generation)
            }
        } catch {
            return .damaged("the cache failed: \(error)")
        }
    }
}
