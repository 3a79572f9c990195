import DataSources
import FeatureHostCore
import Foundation

/// Builds each enabled feature with its context. A feature whose construction fails becomes a failed entry
/// with its message; the others are unaffected.
@MainActor
public struct FeatureLauncher {
    public enum Outcome {
        case running(any FeatureInstance)
        case failed(String)
    }

    public struct Launched {
        public let resolved: ResolvedFeature
        public let outcome: Outcome
    }

    public let environment: HostEnvironment

    nonisolated public init(environment: HostEnvironment) { self.environment = environment }

    /// The conventions the contexts it makes carry.
    public var conventions: FormatConventions {
        FormatConventions(locale: environment.locale, timeZone: environment.timeZone, hourCycle: environment.hourCycle)
    }

    nonisolated public func context(for resolved: ResolvedFeature) throws -> FeatureContext {
        try context(id: resolved.id, source: resolved.source, settings: resolved.settings)
    }

    /// The host's context for a feature: `FeatureContext.standard`, the one assembly apps and tests use too, with
    /// the environment's shared clock, transport, image cache and store.
    nonisolated public func context(id: FeatureID, source: SourceConfiguration?, settings: FeatureSettings) throws -> FeatureContext {
        try FeatureContext.standard(
            id: id, dataDirectory: environment.dataDirectory, source: source, settings: settings, locale: environment.locale,
            timeZone: environment.timeZone, hourCycle: environment.hourCycle, clock: environment.clock, now: environment.now,
            activity: environment.activity, transport: environment.transport, images: environment.images,
            keyValueStore: try environment.keyValueStore(id), run: environment.runs.run(for: id), motion: environment.motion)
    }

    public func launch(_ resolved: ResolvedFeature) -> Launched {
        do {
            let feature = try resolved.descriptor.make(try context(for: resolved))
            return Launched(resolved: resolved, outcome: .running(feature))
        } catch {
            return Launched(resolved: resolved, outcome: .failed("\(resolved.manifest.title) could not start: \(error.userFacingMessage)"))
        }
    }
}
