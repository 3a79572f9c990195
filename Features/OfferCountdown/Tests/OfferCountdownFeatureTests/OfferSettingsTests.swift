import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFixtures
import Testing

@testable import OfferCountdownFeature

@MainActor
@Suite("Settings")
struct OfferSettingsTests {
    @Test("defaults: 24 hours and a 0.35 s roll")
    func defaults() throws {
        let settings = try OfferCountdownSettings(FeatureSettings())
        #expect(settings.duration == .seconds(86_400))
        #expect(settings.rollDuration == .milliseconds(350))
    }

    @Test(
        "bad values fail with a message naming the key, what was found and what is allowed",
        arguments: [
            (
                "duration", SettingValue.string("1 day"),
                "settings of \"offer-countdown\": \"duration\" must be a number, found a string \"1 day\"."
            ),
            ("duration", .number(0), "settings of \"offer-countdown\": \"duration\" must be between 1 and 8639999, found 0."),
            ("duration", .number(9_000_000), "settings of \"offer-countdown\": \"duration\" must be between 1 and 8639999, found 9000000."),
            ("rollDuration", .number(-1), "settings of \"offer-countdown\": \"rollDuration\" must be between 0 and 0.95, found -1."),
            ("rollDuration", .bool(true), "settings of \"offer-countdown\": \"rollDuration\" must be a number, found a boolean true."),
        ])
    func rejects(key: String, value: SettingValue, message: String) throws {
        let host = try TestHost()
        let context = try host.context(id: "offer-countdown", settings: [key: value])
        #expect(throws: FeatureError(message)) { try OfferCountdownFeature(context: context) }
    }

    @Test("the manifest: no data source, the two settings")
    func manifest() {
        let manifest = OfferCountdownFeature.manifest
        #expect(manifest.id == "offer-countdown")
        #expect(manifest.acceptedSources.isEmpty)
        #expect(manifest.defaultSource == nil)
        #expect(manifest.settingsKeys == ["duration", "rollDuration"])
        #expect(manifest.settings == OfferCountdownSettings.declarations, "the manifest declares what the feature reads")
        #expect(manifest.setting("duration")?.type == .number(1...8_639_999))
        #expect(manifest.settings.allSatisfy { $0.problem(with: $0.defaultValue) == nil }, "each default fits its own range")
    }

    @Test("a roll of 0 switches the animation off: one change per second, on the second")
    func noRoll() async throws {
        let store = try Harness(settings: ["rollDuration": .number(0)]).store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("01:00:00:00") }
        await store.advance(by: .seconds(10))
        #expect(store.receivedChanges.map(\.at) == (1...10).map { Duration.seconds($0) })
        #expect(store.receivedChanges.allSatisfy { !$0.state.countdown.isRolling })
        store.skipReceivedChanges { $0 = Expect.running("00:23:59:50") }
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown.phase = .paused }
        await store.finish()
    }
}
