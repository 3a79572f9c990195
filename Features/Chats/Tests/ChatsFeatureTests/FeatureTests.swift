import ChatsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

@MainActor
@Suite("Feature: manifest, settings, start, selection")
struct FeatureTests {
    @Test func manifestAcceptsEveryKindAndDefaultsToTheBundledPlist() {
        let manifest = ChatsFeature.manifest
        #expect(manifest.id == "chats")
        #expect(manifest.id.isKebabCase)
        #expect(Set(manifest.acceptedSources) == Set(SourceKind.allCases))
        #expect(manifest.defaultSource == SourceConfiguration(kind: .plist))
        #expect(manifest.settingsKeys == ["launchDuration", "frameDuration", "loadingDuration", "transitionDuration"])
        #expect(manifest.settings == ChatsSettings.declarations, "the manifest declares what the feature reads")
        #expect(manifest.settings.allSatisfy { $0.problem(with: $0.defaultValue) == nil })
        // Each declared sample exists, so validate's "has a sample" is true at start.
        #expect(manifest.bundledSamples == [.plist, .jsonFile, .inMemory])
        let samples = ChatsSources.samples
        #expect(samples.plistFile != nil && samples.jsonFile != nil && samples.inMemory != nil)
    }

    @Test func settingsAdjustTheTimings() throws {
        let host = try TestHost()
        let context = try host.context(
            id: "chats", source: SourceConfiguration(kind: .inMemory),
            settings: [
                "launchDuration": .number(0.25), "frameDuration": .number(0.2), "loadingDuration": .number(1),
                "transitionDuration": .number(0.5),
            ])
        let feature = try ChatsFeature(context: context)
        #expect(
            feature.presenter.timing == ChatsSettings(frameDuration: 0.2, loadingDuration: 1, transitionDuration: 0.5, launchDuration: 0.25)
        )
        #expect(
            try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory))).presenter.timing
                == .standard)
    }

    @Test(arguments: [
        ("frameDuration", SettingValue.number(0), "settings of \"chats\": \"frameDuration\" must be between 0.01 and 10, found 0."),
        ("loadingDuration", .number(-1), "settings of \"chats\": \"loadingDuration\" must be between 0 and 60, found -1."),
        ("transitionDuration", .string("fast"), "settings of \"chats\": \"transitionDuration\" must be a number, found a string \"fast\"."),
        ("launchDuration", .number(11), "settings of \"chats\": \"launchDuration\" must be between 0 and 10, found 11."),
    ])
    func badSettingsFailWithTheKeyNamed(_ key: String, _ value: SettingValue, _ message: String) throws {
        let host = try TestHost()
        #expect(throws: FeatureError(message)) {
            try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory), settings: [key: value]))
        }
    }

    @Test func missingSourceFileFailsOnScreenNotAtLaunch() async throws {
        let host = try TestHost()
        let missing = host.directory.file("nope.plist")
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .plist, path: missing)))
        feature.handle(.appear)
        await host.settle()
        await host.advance(by: .milliseconds(2_800))
        #expect(
            feature.presenter.viewState.list.content
                == .failed(
                    title: "Couldn’t load your chats", message: "\(missing.path): the file does not exist.",
                    hint: "Check the source, then try again.", retry: "Try Again"))
    }

    @Test func appearStartsTheLoadingClockOnce() async throws {
        let host = try TestHost(transport: LoopbackOnlyTransport())
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory)))
        // Built long before it is opened: still the launch screen, no timers, nothing loading.
        await host.advance(by: .seconds(10))
        #expect(feature.presenter.viewState.screen == .launch)
        #expect(host.clock.sleeperCount == 0)
        #expect(host.activity.inFlight == 0)
        feature.handle(.appear)
        feature.handle(.appear)
        await host.settle()
        #expect(host.clock.sleeperCount == 1, "one timer for the whole timeline")
        #expect(feature.presenter.viewState.screen == .launch)
        await host.advance(by: .milliseconds(2_500))
        #expect(feature.presenter.viewState.screen == .transition)
        // Lifecycle reaches the presenter through the feature.
        feature.handle(.didEnterBackground)
        await host.advance(by: .seconds(1))
        #expect(feature.presenter.viewState.screen == .transition)
        #expect(host.clock.sleeperCount == 0)
        feature.handle(.willEnterForeground)
        #expect(feature.presenter.viewState.screen == .list)
    }

    @Test func selectionIsClampedAndFollowsTheChatAcrossARefresh() async throws {
        let host = try TestHost(transport: ManualTransport())
        let chats = [
            Fixtures.chat(1, "A", at: "2026-03-16T12:00:00Z"), Fixtures.chat(2, "B", at: "2026-03-16T11:00:00Z"),
            Fixtures.chat(3, "C", at: "2026-03-16T10:00:00Z"),
        ]
        let version = Counter()
        let source = ChatsSource {
            // The refresh brings a newer chat on top: the selected one moves down a row.
            version.next() == 1 ? Loaded(chats) : Loaded([Fixtures.chat(4, "D", at: "2026-03-16T12:30:00Z")] + chats)
        }
        let store = PresenterTestStore(try Fixtures.presenter(host, source: source), host: host)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        await store.receive(at: .zero, starts: ["clock"]) { $0.list = Fixtures.list(chats, summary: "3 chats") }
        await store.advance(by: .milliseconds(2_800))
        store.skipReceivedChanges(to: Fixtures.handedOver)

        store.send(.moveSelection(by: 5)) { $0.list.selectedIndex = 2 }
        store.send(.moveSelection(by: 1))
        store.send(.moveSelection(by: -1)) { $0.list.selectedIndex = 1 }
        store.send(.select(index: 9)) { $0.list.selectedIndex = 2 }
        store.send(.select(index: -4)) { $0.list.selectedIndex = 0 }
        store.send(.select(index: 1)) { $0.list.selectedIndex = 1 }

        store.send(.reload, starts: ["load"]) { $0.list.refreshing = "Loading chats…" }
        let refreshed = [Fixtures.chat(4, "D", at: "2026-03-16T12:30:00Z")] + chats
        await store.receive {
            $0.list = Fixtures.list(refreshed, summary: "4 chats", now: Fixtures.start.addingTimeInterval(2.8), selected: 2)
        }
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func releasingThePresenterCancelsItsWork() async throws {
        let transport = ManualTransport()
        let host = try TestHost(transport: transport)
        let avatar = try #require(URL(string: "http://img.example/a.png"))
        var presenter: ChatsPresenter? = try Fixtures.presenter(
            host, source: Fixtures.source([Fixtures.chat(1, "A", avatar: avatar.absoluteString)]))
        presenter?.send(.lifecycle(.appear))
        await transport.waitForRequests(1)
        weak let released = presenter
        presenter = nil
        #expect(released == nil)
        await host.settle()
        #expect(transport.cancelled == [avatar])
        #expect(host.clock.sleeperCount == 0)
        #expect(host.activity.inFlight == 0)
    }

    @Test func listActionsBeforeAnythingLoadedChangeNothing() async throws {
        let host = try TestHost()
        let store = PresenterTestStore(try Fixtures.presenter(host, source: Fixtures.source([Fixtures.chat(1, "A")])), host: host)
        store.send(.moveSelection(by: 1))
        store.send(.select(index: 3))
        store.send(.rowsVisible(0..<3))
        store.send(.reload)
        store.send(.lifecycle(.didEnterBackground))
        store.send(.lifecycle(.willEnterForeground))
        #expect(store.presenter.changeCount == 0)
        #expect(host.activity.inFlight == 0 && host.clock.sleeperCount == 0, "nothing starts before the feature appears")
        await store.finish()
    }
}

@MainActor
@Suite("Feature: new conventions while it runs")
struct ReformatTests {
    /// The config's locale edited under a running host: the same list, formatted again in place (issue 32).
    @Test func aNewLocaleFormatsTheSameListAgain() async throws {
        let host = try TestHost()
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory)))
        feature.presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(2_800))
        let before = feature.presenter.viewState
        #expect(before.list.summary == "14 chats · 1,475 unread messages")
        let german = FormatConventions(locale: Locale(identifier: "de_DE"), timeZone: .gmt, hourCycle: .twentyFourHour)
        #expect(feature.reformat(for: german))
        let after = feature.presenter.viewState
        #expect(after.screen == .list, "nothing starts again: no launch or loading screen")
        #expect(after.list.selectedIndex == before.list.selectedIndex)
        #expect(after.list.summary.contains("1.475"), "the count is grouped the German way: \(after.list.summary)")
    }
}
