import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import FeatureHostApp

/// A plugin that takes 1.5 s per key, in the shell as a user has it (out of process, no reply waited for, as with a
/// live clock): Esc goes home while its key is on its way, and the key's frame is there when the user comes back.
@Suite @MainActor struct SlowKeyPluginShellTests {
    @Test func escGoesHomeWhileTheSlowPluginsKeyIsOnItsWayAndItsFrameShowsLater() async throws {
        let directory = try TemporaryDirectory("featurehost-slow-key")
        let host = try TestHost()
        let ext = PluginStubs.libraryExtension
        _ = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-slow-key", title: "Slow keys", [.slowKey]), named: "slowkey", in: directory.url)
        let config = try directory.write(
            #"{ "plugins": ["libslowkey.\#(ext)"], "features": [ { "id": "test-ticker" }, { "id": "test-slow-key" } ] }"#,
            to: "slow-key.json")
        var limits = PluginLimits()
        limits.callTimeout = .seconds(5)
        limits.replyWait = .zero
        // Renders behind a slow key are slow too; stopping slow plugins is `PluginSlowKeyTests`'.
        limits.slowCallsInARow = 0
        let arguments = try CommandLineArguments(["--config", config.path], valued: CommandCatalog.valuedOptions)
        let options = try HostOptions(arguments: arguments, registry: FeatureRegistry([TickerFeature.self]), limits: limits)
        let environment = HostEnvironment(
            clock: host.clock, now: { [host] in host.start }, transport: host.transport, dataDirectory: host.directory.file("data"),
            locale: Locale(identifier: "en_GB"), timeZone: .gmt, activity: host.activity)
        let shell = ShellModel(session: try ShellAssembly.session(options: options, environment: environment, only: nil))
        func screen() -> String {
            ShellScreen(model: shell).render(size: Size(width: 80, height: 10)).plainText()
        }
        // Each render's reply comes after the render: it is drawn at the next.
        func drawn(_ text: String) async -> String {
            var shown = screen()
            for _ in 0..<4 where !shown.contains(text) {
                _ = await host.settle()
                shown = screen()
            }
            return shown
        }
        shell.handle(.down)
        shell.handle(.enter)
        #expect(shell.screen == .feature(1))
        #expect(await drawn("Ticks: 0 Keys: 0").contains("Ticks: 0 Keys: 0"), "\(screen())")
        #expect(screen().contains("Enter poke") && screen().contains("Esc back"), "the plugin's hints leave Esc to the shell")
        shell.handle(.enter)
        #expect(shell.screen == .feature(1), "the plugin's key is on its way")
        shell.handle(.escape)
        #expect(shell.screen == .home, "Esc went home at once, though the plugin was still thinking about its key")
        #expect(await host.settle())
        shell.handle(.enter)
        #expect(await drawn("Ticks: 0 Keys: 1").contains("Ticks: 0 Keys: 1"), "the key's frame: \(screen())")
        shell.handle(.escape)
        #expect(shell.screen == .home, "with nothing on its way Esc is sent; not answered in time, it is the shell's by the plugin's hints")
    }
}
