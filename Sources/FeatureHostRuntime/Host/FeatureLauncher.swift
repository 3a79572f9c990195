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

    public init(environment: HostEnvironment) { self.environment = environment }

    public func context(for resolved: ResolvedFeature) throws -> FeatureContext {
        try DataDirectory.prepare(environment.dataDirectory)
        let storage = environment.storageDirectory(for: resolved.id)
        try DataDirectory.prepare(storage)
        let store = try UserDefaultsStore(suiteFile: environment.preferencesFile, prefix: "\(resolved.id.rawValue).")
        return FeatureContext(
            id: resolved.id, clock: environment.clock, now: environment.now, transport: environment.transport,
            storageDirectory: storage, locale: environment.locale, timeZone: environment.timeZone,
            hourCycle: environment.hourCycle, settings: resolved.settings, source: resolved.source,
            keyValueStore: store, activity: environment.activity, payloadCacheFile: environment.payloadCacheFile)
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
