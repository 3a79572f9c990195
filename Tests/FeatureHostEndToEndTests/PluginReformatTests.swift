import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import WebUI

@testable import FeatureHostApp

/// The config's hour cycle edited while a plugin runs (issue 32's last point): a library with the reformat entry
/// formats again in its process, which keeps running (the same pid, the same instance, its presses); one built before
/// the entry is made again, as a compiled-in feature without `reformat` is.
@Suite(.serialized) @MainActor struct PluginReformatTests {
    let host: TestHost
    let app = FeatureHostApp(name: "FeatureHost", features: [])

    init() throws { host = try TestHost() }

    /// `libPluginCounter.so`, the package's `PluginCounter` product, built beside the tests.
    static var counterLibrary: URL {
        PluginHostSetup.locateExecutable(environment: [:]).deletingLastPathComponent()
            .appendingPathComponent("libPluginCounter.\(PluginStubs.libraryExtension)")
    }

    func config(plugin: String, id: String, hourCycle: Int) throws -> URL {
        try host.directory.write(
            #"{ "plugins": ["\#(plugin)"], "features": [ { "id": "\#(id)" } ], "hourCycle": \#(hourCycle) }"#, to: "featurehost.json")
    }

    func shell(_ config: URL) throws -> (LiveConfig, HostSession, ShellModel) {
        let arguments = try CommandLineArguments(
            ["--config", config.path, "--data-dir", host.directory.file("data").path], valued: CommandCatalog.valuedOptions)
        let options = try HostOptions(arguments: arguments, app: app)
        let environment = HostEnvironment(
            clock: host.clock, now: { host.start }, transport: host.transport, dataDirectory: host.directory.file("data"),
            locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let live = LiveConfig(options: options, environment: environment, flags: .init(), arguments: arguments, app: app, only: nil)
        let session = HostSession(launching: live.features, with: live.launcher)
        return (live, session, ShellModel(session: session))
    }

    func screen(_ model: ShellModel) -> String { ShellScreen(model: model).render(size: Size(width: 80, height: 16)).plainText() }

    @Test func aPluginWithTheEntryFormatsAgainInItsRunningProcess() async throws {
        let file = try config(plugin: Self.counterLibrary.path, id: "plugin-counter", hourCycle: 24)
        let (live, session, model) = try shell(file)
        model.handle(.enter)
        model.handle(.enter)
        #expect(await host.settle())
        #expect(screen(model).contains("Presses: 1"), "\(screen(model))")
        #expect(screen(model).contains("Clock: 12:34:00\n"), "\(screen(model))")
        let entry = session.entries[0]
        let pid = try #require(live.options.plugins.first?.library.processID)

        _ = try config(plugin: Self.counterLibrary.path, id: "plugin-counter", hourCycle: 12)
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[0] === entry, "the same instance: formatted again in place")
        #expect(live.options.plugins.first?.library.processID == pid, "the same process")
        #expect(await host.settle())
        #expect(screen(model).contains("Clock: 12:34:00 PM"), "its next frame has the new hour cycle: \(screen(model))")
        #expect(screen(model).contains("Presses: 1"), "and what it kept in memory")
        await host.advance(by: .seconds(1))
        #expect(screen(model).contains("Clock: 12:34:01 PM"), "and it goes on ticking the new way")
    }

    /// The web page's instance of the same library: the page's own preferences change (its browser's zone and clock,
    /// or the config's), and the page keeps its instance in the plugin's process.
    @Test func aPluginsPageFormatsAgainInPlace() async throws {
        let file = try config(plugin: Self.counterLibrary.path, id: "plugin-counter", hourCycle: 24)
        let (live, _, _) = try shell(file)
        let launcher = HostPageLauncher(
            selection: try ShellAssembly.selection(options: live.options, only: nil), failures: [], environment: live.environment,
            config: live.options.config.localeSettings, flags: .init(), base: LocalePreference.resolve(environment: [:]),
            webTypes: [], plugins: live.options.plugins)
        let preferences = PagePreferences(locale: Locale(identifier: "en_GB"), hourCycle: .twentyFourHour, timeZone: .gmt)
        guard case .running(let page) = launcher.launch("plugin-counter", preferences: preferences) else {
            Issue.record("expected the counter's page to start")
            return
        }
        page.lifecycle(.appear)
        #expect(page.scene.handle(PageEvent(kind: .click, action: "press")) == .handled)
        #expect(page.scene.render().render().contains("<p>Clock: 12:34:00</p>"))
        let pid = try #require(live.options.plugins.first?.library.processID)
        var twelveHour = preferences
        twelveHour.hourCycle = .twelveHour
        twelveHour.timeZone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
        #expect(page.reformat(twelveHour), "its library has the reformat entry")
        let html = page.scene.render().render()
        #expect(html.contains("<p>Clock: 09:34:00 PM</p>"), "the next render has the new zone and clock: \(html)")
        #expect(html.contains("Presses: 1"), "and the press it kept")
        #expect(live.options.plugins.first?.library.processID == pid)
        page.close()
    }

    @Test func aLibraryWithoutTheEntryIsMadeAgain() async throws {
        _ = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-old", title: "Old", []), named: "old", in: host.directory.url)
        let library = "libold.\(PluginStubs.libraryExtension)"
        let file = try config(plugin: library, id: "test-old", hourCycle: 24)
        let (live, session, model) = try shell(file)
        model.handle(.enter)
        await host.advance(by: .seconds(2))
        #expect(screen(model).contains("Ticks: 2"), "\(screen(model))")
        let entry = session.entries[0]

        _ = try config(plugin: library, id: "test-old", hourCycle: 12)
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[0] !== entry, "made again with the new conventions")
        #expect(await host.settle())
        #expect(screen(model).contains("Ticks: 0"), "its in-memory state is gone: \(screen(model))")
    }
}
