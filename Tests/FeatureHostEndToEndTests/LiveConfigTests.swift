import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import FeatureHostApp

#if canImport(Glibc)
    import Glibc
#endif

/// A counter with settings: changing one restarts it.
enum Greeter: SampleCounterVariant {
    static let manifest = FeatureManifest(
        id: "test-greeter", title: "Greeter", summary: "Counts too, with settings.", settings: SampleCounter.settings)
}

typealias GreeterFeature = SampleCounterFeature<Greeter>

/// The shell following its config file (issue 32): each edit is read and validated whole, then only what changed
/// changes; a broken edit leaves the last good config running and says why in a banner.
@Suite(.serialized) @MainActor struct LiveConfigTests {
    let host: TestHost
    let app = FeatureHostApp(name: "FeatureHost", features: [TickerFeature.self, GreeterFeature.self, BrokenFeature.self])
    let file: URL

    init() throws {
        host = try TestHost()
        file = host.directory.file("featurehost.json")
        try write(#"{"features": [{"id": "test-ticker"}, {"id": "test-greeter"}, {"id": "test-broken", "enabled": false}]}"#)
    }

    func write(_ text: String) throws {
        // Written whole and renamed over, as editors save.
        let temporary = host.directory.file(".featurehost.json.tmp")
        try Data(text.utf8).write(to: temporary)
        _ = rename(temporary.path, file.path)
    }

    struct Shell {
        let config: LiveConfig
        let session: HostSession
        let model: ShellModel

        @MainActor func reload() { ShellReload.apply(config.reload(), config: config, session: session, model: model) }
        @MainActor func screen(_ width: Int = 70, _ height: Int = 14) -> String {
            ShellScreen(model: model).render(size: Size(width: width, height: height)).plainText()
        }
    }

    func shell() throws -> Shell {
        let arguments = try CommandLineArguments(
            ["--config", file.path, "--data-dir", host.directory.file("data").path], valued: CommandCatalog.valuedOptions)
        let options = try HostOptions(arguments: arguments, app: app)
        let environment = HostEnvironment(
            clock: host.clock, now: { Date(timeIntervalSince1970: 0) }, transport: LiveHTTPTransport(),
            dataDirectory: host.directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let config = LiveConfig(options: options, environment: environment, flags: .init(), arguments: arguments, app: app, only: nil)
        let session = HostSession(launching: config.features, with: config.launcher)
        return Shell(config: config, session: session, model: ShellModel(session: session))
    }

    @Test func aFeatureTurnedOnAppearsOnTheHomeAndTheOpenOneRunsOnUntouched() async throws {
        let shell = try shell()
        shell.model.handle(.enter)
        await host.advance(by: .seconds(3))
        #expect(shell.screen().contains("Seconds: 3"))
        try write(
            #"{"features": [{"id": "test-ticker"}, {"id": "test-greeter", "settings": {"url": ""}}, {"id": "test-broken"}]}"#)
        shell.reload()
        #expect(shell.model.screen == .feature(0))
        await host.advance(by: .seconds(1))
        #expect(shell.screen().contains("Seconds: 4"), "the open feature's entry did not change: it was not restarted")
        shell.model.handle(.escape)
        #expect(shell.screen().contains("Broken"), "the feature turned on is on the home screen")
        #expect(shell.model.entries.map(\.manifest.id) == ["test-ticker", "test-greeter", "test-broken"])
    }

    @Test func theOpenFeatureWhoseSettingsChangedIsMadeAgainAndShownAgain() async throws {
        let shell = try shell()
        shell.model.handle(.down)
        shell.model.handle(.enter)
        await host.advance(by: .seconds(2))
        #expect(shell.screen().contains("Seconds: 2"))
        try write(#"{"features": [{"id": "test-ticker"}, {"id": "test-greeter", "settings": {"fail": true}}]}"#)
        shell.reload()
        #expect(shell.model.screen == .feature(1))
        #expect(shell.screen().contains("Greeter could not start: the counter was told to fail"))
        try write(#"{"features": [{"id": "test-ticker"}, {"id": "test-greeter"}]}"#)
        shell.reload()
        await host.advance(by: .seconds(1))
        #expect(shell.screen().contains("Seconds: 1"), "a new instance, shown and appeared")
    }

    @Test func theOpenFeatureTurnedOffGoesHomeAndSaysSo() throws {
        let shell = try shell()
        shell.model.handle(.enter)
        try write(#"{"features": [{"id": "test-ticker", "enabled": false}, {"id": "test-greeter"}]}"#)
        shell.reload()
        #expect(shell.model.screen == .home)
        #expect(shell.screen().contains(" Ticker was turned off in the config."))
        #expect(!shell.screen().contains("Ticker\n"))
        #expect(shell.session.entries.map(\.manifest.id) == ["test-greeter"])
    }

    @Test func aBrokenEditIsABannerWithEveryProblemUntilAGoodOneArrives() async throws {
        let shell = try shell()
        shell.model.handle(.enter)
        await host.advance(by: .seconds(2))
        try write(#"{"features": [{"id": "test-ticker", "enabled": "yes"}, {"id": "test-gretter"}]}"#)
        shell.reload()
        let screen = shell.screen(100, 14)
        #expect(screen.contains("The config has errors; the last good config still runs (featurehost validate lists them):"))
        #expect(screen.contains("features[0].enabled"))
        #expect(screen.contains("features[1].id"))
        #expect(shell.config.options.config.entries.map(\.id) == ["test-ticker", "test-greeter", "test-broken"], "the last good config")
        await host.advance(by: .seconds(1))
        shell.model.handle(.escape)
        shell.model.handle(.enter)
        #expect(shell.screen(100, 14).contains("Seconds: 3"), "the feature ran on behind the banner")
        try write(#"{"features": [{"id": "test-ticker"}, {"id": "test-greeter"}]}"#)
        shell.reload()
        #expect(!shell.screen(100, 14).contains("The config has errors"), "a good edit clears the banner")
    }

    /// Every hostile edit the issue lists leaves the last good config, says what is wrong, and returns at once.
    @Test func hostileEditsKeepTheLastGoodConfigAndNeverStall() throws {
        let shell = try shell()
        let good = shell.config.options.config.entries.map(\.id)
        let edits: [(name: String, make: () throws -> Void, says: String)] = [
            ("half-written", { try Data(#"{"features": [{"id": "test-ti"#.utf8).write(to: file) }, "not valid JSON"),
            ("deleted", { try FileManager.default.removeItem(at: file) }, "featurehost.json"),
            (
                "a directory",
                {
                    try FileManager.default.removeItem(at: file)
                    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
                }, "a folder, not a regular file"
            ),
            (
                "a FIFO",
                {
                    try? FileManager.default.removeItem(at: file)
                    #expect(mkfifo(file.path, 0o600) == 0)
                }, "featurehost.json"
            ),
            (
                "50 MB",
                {
                    try? FileManager.default.removeItem(at: file)
                    try Data(repeating: 0x20, count: 50 << 20).write(to: file)
                }, "a config may be at most 1048576 bytes"
            ),
            (
                "a dangling symlink",
                {
                    try? FileManager.default.removeItem(at: file)
                    try FileManager.default.createSymbolicLink(
                        atPath: file.path, withDestinationPath: host.directory.file("gone.json").path)
                }, "featurehost.json"
            ),
        ]
        for edit in edits {
            try? FileManager.default.removeItem(at: file)
            try write(#"{"features": [{"id": "test-ticker"}, {"id": "test-greeter"}, {"id": "test-broken", "enabled": false}]}"#)
            try edit.make()
            let started = ContinuousClock.now
            shell.reload()
            #expect(ContinuousClock.now - started < .seconds(TestHost.idleTimeout), "\(edit.name): a reload never waits")
            #expect(shell.config.options.config.entries.map(\.id) == good, "\(edit.name): the last good config runs")
            #expect(shell.model.configProblems.joined().contains(edit.says), "\(edit.name): \(shell.model.configProblems)")
            #expect(shell.session.entries.count == 2, "\(edit.name)")
        }
    }

    @Test func aSymlinkSwappedToAnotherGoodFileApplies() throws {
        let other = host.directory.file("other.json")
        try Data(#"{"features": [{"id": "test-greeter"}]}"#.utf8).write(to: other)
        let shell = try shell()
        let link = host.directory.file(".link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: other.path)
        _ = rename(link.path, file.path)
        shell.reload()
        #expect(shell.session.entries.map(\.manifest.id) == ["test-greeter"])
        #expect(shell.model.configProblems.isEmpty)
    }

    @Test func validateAndReloadAcceptTheSameConfigs() throws {
        let shell = try shell()
        for text in [
            #"{"features": [{"id": "test-ticker", "settings": {"url": 3}}]}"#, #"{"features": [], "locale": "xx_NOPE"}"#,
            #"{"features": [{"id": "test-ticker"}], "plugins": ["missing.so"]}"#, #"{"features": [{"id": "test-ticker"}]}"#,
        ] {
            try write(text)
            shell.reload()
            let arguments = try CommandLineArguments(["validate", "--config", file.path], valued: CommandCatalog.valuedOptions)
            var validated = true
            do {
                let options = try HostOptions(arguments: arguments, app: app)
                validated = options.pluginIssues.isEmpty
            } catch {
                validated = false
            }
            #expect(shell.model.configProblems.isEmpty == validated, "\(text)")
        }
    }
}
