import FeatureHostCore
import Foundation

/// An `http` source that saves each good payload and serves the saved copy when the server fails
/// (no connection, timeout, non-2xx, undecodable body), saying which one it served.
///
/// A damaged cache file is moved aside when it is opened or read (see `PayloadCache`); the load that found it says
/// so: in `Loaded.notices`, or in its error when there was nothing to serve.
public struct CachedHTTPSource<Record: Sendable>: DataSource {
    public let source: HTTPSource<Record>
    public let cacheFile: URL
    public let key: String
    public let now: @Sendable () -> Date

    public init(source: HTTPSource<Record>, cacheFile: URL, key: String, now: @escaping @Sendable () -> Date) {
        self.source = source
        self.cacheFile = cacheFile
        self.key = key
        self.now = now
    }

    public func load() async throws -> Loaded<Record> {
        let failure: any Error
        do {
            let (body, format) = try await source.fetch()
            let record = try source.decode(body, as: format)
            // A cache that cannot be written must not cost the user the fresh data they just got.
            let cache = try? PayloadCache(file: cacheFile, now: now())
            try? cache?.save(body, forKey: key, at: now())
            return Loaded(record, origin: .fresh, notices: cache?.recoveryNotice.map { [$0] } ?? [])
        } catch {
            failure = error
        }
        let cache: PayloadCache
        do {
            cache = try PayloadCache(file: cacheFile, now: now())
        } catch {
            throw FeatureError("\(failure.userFacingMessage) The saved copy cannot be read: \(error.userFacingMessage)")
        }
        // Read before the notice: the read may be what finds the damage and moves the file aside.
        let entry = try cache.entry(forKey: key)
        let notices = cache.recoveryNotice.map { [$0] } ?? []
        guard let entry else {
            // A cache just rebuilt is empty: the failure stands, and the person learns where the old file went.
            if let notice = notices.first { throw FeatureError("\(failure.userFacingMessage) \(notice)") }
            throw failure
        }
        do {
            let record = try source.decode(entry.body)
            return Loaded(record, origin: .cached(savedAt: entry.savedAt, reason: failure.userFacingMessage), notices: notices)
        } catch {
            throw FeatureError("\(failure.userFacingMessage) The saved copy no longer decodes: \(error.userFacingMessage)")
        }
    }
}
