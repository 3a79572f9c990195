import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import Testing

/// Live instances of `CountedFeature`, so a test sees that a reload leaves nothing running behind.
enum LiveInstances {
    static let counter = Locked(0)
    static var count: Int { counter.withLock { $0 } }
}

/// A feature that counts its live instances and keeps a timer running while it lives, as presenters do.
final class CountedFeature: Feature {
    static let manifest = FeatureManifest(
        id: "counted", title: "Counted", summary: "Counts its instances.", acceptedSources: [.plist, .inMemory],
        defaultSource: SourceConfiguration(kind: .inMemory),
        settings: [SettingDeclaration("speed", type: .number(0...10), default: .number(1), summary: "Steps a second.")],
        bundledSamples: [.plist, .inMemory])
    let source: SourceConfiguration?
    let speed: Double
    private var ticking: Task<Void, Never>?
    private(set) var events: [LifecycleEvent] = []

    init(context: FeatureContext) throws {
        source = context.source
        speed = try context.settings.number("speed", default: 1)
        LiveInstances.counter.withLock { $0 += 1 }
    }

    @MainActor func handle(_ event: LifecycleEvent) {
        events.append(event)
        if event == .appear { ticking = Task { while !Task.isCancelled { await Task.yield() } } }
    }

    deinit {
        ticking?.cancel()
        LiveInstances.counter.withLock { $0 -= 1 }
    }
}

@Suite struct ConfigDiffTests {
    let registry = FeatureRegistry([AlphaFeature.self, BetaFeature.self, WebOnlyFeature.self])

    func features(_ json: String) throws -> [ResolvedFeature] {
        let config = try ConfigLoader(registry: registry).parse(Data(json.utf8), file: URL(fileURLWithPath: "/c/featurehost.json"))
        return ResolvedFeature.enabled(in: config, registry: registry)
    }

    @Test func aFeatureTurnedOnOrOffIsAddedOrRemovedAndTheOthersAreKept() throws {
        let old = try features(#"{"features": [{"id": "alpha"}, {"id": "beta", "enabled": false}, {"id": "web-only"}]}"#)
        let new = try features(#"{"features": [{"id": "beta"}, {"id": "alpha"}, {"id": "web-only", "enabled": false}]}"#)
        let diff = ConfigDiff(from: old, to: new)
        #expect(diff.added == ["beta"])
        #expect(diff.removed == ["web-only"])
        #expect(diff.restarted.isEmpty)
        #expect(diff.order == ["beta", "alpha"], "the new config's order")
        #expect(diff.keeps("alpha") && !diff.keeps("beta") && !diff.keeps("web-only"))
    }

    @Test func anotherSourceOrOtherSettingsRestartOnlyThatFeature() throws {
        let old = try features(#"{"features": [{"id": "alpha"}, {"id": "beta"}, {"id": "web-only"}]}"#)
        let new = try features(
            #"{"features": [{"id": "alpha", "settings": {"speed": 3}}, {"id": "beta"}, {"id": "web-only", "source": {"kind": "http", "url": "https://example.org/other"}}]}"#
        )
        let diff = ConfigDiff(from: old, to: new)
        #expect(diff.restarted == ["alpha": .settings, "web-only": .source])
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        #expect(diff.keeps("beta"))
    }

    @Test func writingOutADefaultChangesNothing() throws {
        let old = try features(#"{"features": [{"id": "alpha"}]}"#)
        let new = try features(#"{"features": [{"id": "alpha", "source": {"kind": "plist"}, "settings": {"speed": 1, "loud": false}}]}"#)
        #expect(ConfigDiff(from: old, to: new).isEmpty)
    }

    @Test func theLocaleKeysChangeEveryFeaturesFormatting() throws {
        let old = try features(#"{"features": [{"id": "alpha"}]}"#)
        let diff = ConfigDiff(from: old, to: old, locale: .init(), .init(locale: "de_DE"))
        #expect(diff.localeChanged && !diff.isEmpty)
        #expect(ConfigDiff(from: old, to: old, locale: .init(hourCycle: .twelveHour), .init(hourCycle: .twelveHour)).isEmpty)
    }
}

@Suite(.serialized) @MainActor struct SessionReloadTests {
    let directory: TemporaryDirectory
    let registry = FeatureRegistry([CountedFeature.self, BetaFeature.self, FailingFeature.self])
    let launcher: FeatureLauncher

    init() throws {
        directory = try TemporaryDirectory()
        launcher = FeatureLauncher(
            environment: HostEnvironment(
                clock: TestClock(), now: { Date(timeIntervalSince1970: 0) }, transport: LiveHTTPTransport(),
                dataDirectory: directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt))
    }

    func features(_ json: String) throws -> [ResolvedFeature] {
        let config = try ConfigLoader(registry: registry).parse(Data(json.utf8), file: URL(fileURLWithPath: "/c/featurehost.json"))
        return ResolvedFeature.enabled(in: config, registry: registry)
    }

    func reload(_ session: HostSession, from old: [ResolvedFeature], to json: String) throws -> HostSession.Applied {
        let new = try features(json)
        return session.apply(ConfigDiff(from: old, to: new), features: new, launcher: launcher)
    }

    @Test func onlyWhatChangedIsMadeAgainAndTheRestKeepsItsInstance() throws {
        let start = LiveInstances.count
        let old = try features(#"{"features": [{"id": "counted"}, {"id": "beta"}]}"#)
        let session = HostSession(launching: old, with: launcher)
        session.appear(0)
        let counted = try #require(session.entries[0].feature as? CountedFeature)
        let beta = try #require(session.entries[1].feature as? BetaFeature)
        _ = beta

        // beta's entry is unchanged: the same entry object stays, and counted is made again with the new speed.
        let betaEntry = session.entries[1]
        let applied = try reload(session, from: old, to: #"{"features": [{"id": "counted", "settings": {"speed": 4}}, {"id": "beta"}]}"#)
        #expect(applied.started == ["counted"])
        #expect(session.entries[1] === betaEntry, "an unchanged feature keeps its instance")
        let restarted = try #require(session.entries[0].feature as? CountedFeature)
        #expect(restarted !== counted && restarted.speed == 4)
        #expect(!session.entries[0].hasAppeared, "the new instance appears when a surface shows it")
        #expect(counted.events == [.appear])
        #expect(LiveInstances.count == start + 2, "the old instance is released once the session lets it go")
    }

    @Test func aFeatureTurnedOffIsClosedAndReleasedAndOneTurnedOnStarts() throws {
        let start = LiveInstances.count
        let old = try features(#"{"features": [{"id": "counted"}, {"id": "beta", "enabled": false}]}"#)
        let session = HostSession(launching: old, with: launcher)
        session.appear(0)
        #expect(LiveInstances.count == start + 1)
        let applied = try reload(session, from: old, to: #"{"features": [{"id": "counted", "enabled": false}, {"id": "beta"}]}"#)
        #expect(applied.stopped == ["counted": "Counted"])
        #expect(applied.started == ["beta"])
        #expect(session.entries.map(\.manifest.id) == ["beta"])
        #expect(LiveInstances.count == start, "nothing of a feature turned off keeps running")
    }

    @Test func aFeatureThatFailedToStartIsTriedAgainAndUnchangedOnesAreNot() throws {
        let old = try features(#"{"features": [{"id": "failing"}, {"id": "beta"}]}"#)
        let session = HostSession(launching: old, with: launcher)
        let betaEntry = session.entries[1]
        let applied = try reload(session, from: old, to: #"{"features": [{"id": "failing"}, {"id": "beta"}]}"#)
        #expect(applied.started == ["failing"])
        #expect(session.entries[0].failure == "Failing could not start: the widget file is missing")
        #expect(session.entries[1] === betaEntry)
    }

    @Test func aNewSourceReachesTheNewInstance() throws {
        let old = try features(#"{"features": [{"id": "counted"}]}"#)
        let session = HostSession(launching: old, with: launcher)
        _ = try reload(session, from: old, to: #"{"features": [{"id": "counted", "source": {"kind": "plist"}}]}"#)
        #expect((session.entries[0].feature as? CountedFeature)?.source?.kind == .plist)
    }

    @Test func aClosedSessionAppliesNothing() throws {
        let old = try features(#"{"features": [{"id": "counted"}]}"#)
        let session = HostSession(launching: old, with: launcher)
        session.close()
        let applied = try reload(session, from: old, to: #"{"features": [{"id": "beta"}]}"#)
        #expect(applied.started.isEmpty && applied.stopped.isEmpty)
        #expect(session.entries.map(\.manifest.id) == ["counted"])
    }
}
