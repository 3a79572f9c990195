import DataSources
import FeatureHostCore
import Foundation

/// Builds each enabled feature with its context. A feature whose construction fails becomes a failed entry
/// with its message; the others are unaffected.
@MainActor
public struct FeatureLauncher {
    public enum Outcome {
        case running(any Feature)
        case failed(String)
    }

    public struct Launched {
        public let resolved: ResolvedFeature
        public let outcome: Outcome
    }

    public let environment: HostEnvironment

    nonisolated public init(environment: HostEnvironment) { self.environment = environment }

    nonisolated public func context(for resolved: ResolvedFeature) throws -> FeatureContext {
        try context(id: resolved.id, source: resolved.source, settings: resolved.settings)
    }

    /// The one assembly of a context, used by the host and by tests alike.
    nonisolated public func context(id: FeatureID, source: SourceConfiguration?, settings: FeatureSettings) throws -> FeatureContext {
        try DataDirectory.prepare(environment.dataDirectory)
        let storage = environment.storageDirectory(for: id)
        try DataDirectory.prepare(storage)
        return FeatureContext(
            id: id, clock: environment.clock, now: environment.now, transport: environment.transport,
            storageDirectory: storage, locale: environment.locale, timeZone: environment.timeZone,
            hourCycle: environment.hourCycle, settings: settings, source: source,
            keyValueStore: try environment.keyValueStore(id), activity: environment.activity,
            payloadCacheFile: environment.payloadCacheFile, images: environment.images.scoped(trusting: Self.origin(of: source)),
            run: environment.runs.run(for: id))
    }

    /// The origin image and avatar URLs in a feature's data may use besides public hosts: its web source's own.
    nonisolated static func origin(of source: SourceConfiguration?) -> HTTPOrigin? {
        guard let source, source.kind == .http, let url = source.url else { return nil }
        return HTTPOrigin(url)
    }

    public func launch(_ resolved: ResolvedFeature) -> Launched {
        do {
            let feature = try resolved.registration.make(try context(for: resolved))
            return Launched(resolved: resolved, outcome: .running(feature))
        } catch {
            return Launched(resolved: resolved, outcome: .failed("\(resolved.manifest.title) could not start: \(error.userFacingMessage)"))
        }
    }
}
