import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import ChatsFeature

@MainActor
@Suite("Feature: manifest, settings, scene, selection")
struct FeatureTests {
    @Test func manifestAcceptsEveryKindAndDefaultsToTheBundledPlist() {
        let manifest = ChatsFeature.manifest
        #expect(manifest.id == "chats")
        #expect(manifest.id.isKebabCase)
        #expect(Set(manifest.acceptedSources) == Set(SourceKind.allCases))
        #expect(manifest.defaultSource == SourceConfiguration(kind: .plist))
        #expect(manifest.settingsKeys == ["frameDuration", "loadingDuration", "transitionDuration"])
    }

    @Test func settingsAdjustTheTimings() throws {
        let host = try TestHost()
        let context = try host.context(
            id: "chats", source: SourceConfiguration(kind: .inMemory),
            settings: ["frameDuration": .number(0.2), "loadingDuration": .number(1), "transitionDuration": .number(0.5)])
        let feature = try ChatsFeature(context: context)
        #expect(feature.presenter.timing == ChatsTiming(frameDuration: 0.2, loadingDuration: 1, transitionDuration: 0.5))
        #expect(try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory))).presenter.timing == .standard)
    }

    @Test(arguments: [
        ("frameDuration", SettingValue.number(0), "settings of \"chats\": \"frameDuration\" must be between 0.01 and 10, found 0."),
        ("loadingDuration", .number(-1), "settings of \"chats\": \"loadingDuration\" must be between 0 and 60, found -1."),
        ("transitionDuration", .string("fast"), "settings of \"chats\": \"transitionDuration\" must be a number, found a string \"fast\"."),
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
        let scene = feature.makeScene()
        await host.settle()
        await host.advance(by: .milliseconds(2_300))
        #expect(
            feature.presenter.viewState.list.content
                == .failed(
                    title: "Couldn’t load your chats", message: "\(missing.path): the file does not exist.",
                    hint: "Check the source, then try again.", retry: "Try Again"))
        #expect(scene.minimumSize == Size(width: 40, height: 12))
    }

    @Test func makingTheSceneStartsTheLoadingClockOnce() async throws {
        let host = try TestHost()
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory)))
        // Built long before it is opened: still the launch screen, no timers.
        await host.advance(by: .seconds(10))
        #expect(feature.presenter.viewState.screen == .launch)
        #expect(host.clock.sleeperCount == 0)
        _ = feature.makeScene()
        #expect(host.clock.sleeperCount == 0, "making a scene starts nothing")
        feature.handle(.appear)
        feature.handle(.appear)
        await host.settle()
        await host.advance(by: .milliseconds(2_000))
        #expect(feature.presenter.viewState.screen == .transition)
        // Lifecycle reaches the presenter through the feature.
        feature.handle(.didEnterBackground)
        await host.advance(by: .seconds(1))
        #expect(feature.presenter.viewState.screen == .transition)
        feature.handle(.willEnterForeground)
        #expect(feature.presenter.viewState.screen == .list)
    }

    @Test func selectionIsClampedAndFollowsTheChatAcrossARefresh() async throws {
        let host = try TestHost(transport: ScriptedTransport())
        let chats = [
            Fixtures.chat(1, "A", at: "2026-03-16T12:00:00Z"), Fixtures.chat(2, "B", at: "2026-03-16T11:00:00Z"),
            Fixtures.chat(3, "C", at: "2026-03-16T10:00:00Z"),
        ]
        let version = Counter()
        let activity = host.activity
        let source = ChatsSource {
            await activity.track {
                // The refresh brings a newer chat on top: the selected one moves down a row.
                version.next() == 1 ? Loaded(chats) : Loaded([Fixtures.chat(4, "D", at: "2026-03-16T12:30:00Z")] + chats)
            }
        }
        let presenter = ChatsPresenter(context: try host.context(id: "chats"), source: source, timing: .standard)
        presenter.send(.start)
        await host.settle()
        await host.advance(by: .milliseconds(2_300))
        #expect(presenter.viewState.list == Fixtures.list(chats, summary: "3 chats"))

        presenter.send(.moveSelection(by: 5))
        #expect(presenter.viewState.list == Fixtures.list(chats, summary: "3 chats", selected: 2))
        presenter.send(.moveSelection(by: -1))
        #expect(presenter.viewState.list == Fixtures.list(chats, summary: "3 chats", selected: 1))
        presenter.send(.select(index: 9, scrollTop: 1))
        #expect(presenter.viewState.list == Fixtures.list(chats, summary: "3 chats", selected: 2, scrollTop: 1))
        presenter.send(.select(index: -4, scrollTop: 7))
        #expect(presenter.viewState.list == Fixtures.list(chats, summary: "3 chats", selected: 0, scrollTop: 0))
        presenter.send(.select(index: 1, scrollTop: 1))

        presenter.send(.reload)
        #expect(presenter.viewState.list == Fixtures.list(chats, summary: "3 chats", selected: 1, scrollTop: 1, refreshing: "Loading chats…"))
        await host.settle()
        let refreshed = [Fixtures.chat(4, "D", at: "2026-03-16T12:30:00Z")] + chats
        #expect(
            presenter.viewState.list
                == Fixtures.list(refreshed, summary: "4 chats", now: Fixtures.start.addingTimeInterval(2.3), selected: 2, scrollTop: 1))
    }

    @Test func keysDoNothingBeforeTheList() throws {
        let host = try TestHost()
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory)))
        let scene = feature.makeScene()
        for key: Key in [.down, .up, .enter, .character("r"), .escape, .character("q")] {
            #expect(scene.handle(key) == .ignored)
        }
        #expect(scene.keyHints.isEmpty)
    }
}
