import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import WebUI

@testable import featurehost

/// Misbehaving plugins named by a config, through the host's own assembly: the shell and a web page show the
/// same error in the plugin's panel, and the built-in feature beside them runs on.
@Suite @MainActor struct MisbehavingPluginHostTests {
    let directory: TemporaryDirectory
    let host: TestHost
    let options: HostOptions
    let environment: HostEnvironment

    init() throws {
        directory = try TemporaryDirectory("featurehost-misbehaving-plugins")
        let ext = PluginStubs.libraryExtension
        _ = try PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-segv", title: "Segv", [.segfaultInCreate, .webEntry]), named: "segv", in: directory.url)
        _ = try PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-big", title: "Big", [.hugeHTML, .hugeFrame, .webEntry]), named: "big", in: directory.url)
        let config = try directory.write(
            """
            { "plugins": ["libsegv.\(ext)", "libbig.\(ext)"],
              "features": [ { "id": "test-ticker" }, { "id": "test-segv" }, { "id": "test-big" } ] }
            """, to: "plugins.json")
        host = try TestHost()
        let arguments = try CommandLineArguments(["--config", config.path], valued: CommandCatalog.valuedOptions)
        options = try HostOptions(arguments: arguments, registry: FeatureRegistry([TickerFeature.self]))
        environment = HostEnvironment(
            clock: host.clock, now: { [host] in host.start }, transport: host.transport, dataDirectory: host.directory.file("data"),
            locale: Locale(identifier: "en_GB"), timeZone: .gmt)
    }

    func pageLauncher() throws -> HostPageLauncher {
        HostPageLauncher(
            selection: try ShellAssembly.selection(options: options, only: nil), failures: [], environment: environment,
            config: options.config.localeSettings, flags: .init(), base: LocalePreference.resolve(environment: [:]), webTypes: [],
            plugins: options.plugins)
    }

    /// The screen's text with the panel's borders and the wrapping taken out.
    func screen(_ shell: ShellModel) -> String {
        ShellScreen(model: shell).render(size: Size(width: 100, height: 16)).plainText()
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │┃║|")) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test func aCrashInCreateIsTheSameErrorInTheShellAndOnTheWeb() async throws {
        let shell = ShellModel(session: try ShellAssembly.session(options: options, environment: environment, only: nil))
        let crashed =
            "Segv could not start: the plugin libsegv.\(PluginStubs.libraryExtension) crashed in create with SIGSEGV (a bad "
            + "memory access, such as a NULL dereference)."
        shell.handle(.down)
        shell.handle(.enter)
        #expect(screen(shell).contains(crashed), "\(screen(shell))")
        guard case .failed(let title, let message) = try pageLauncher().launch("test-segv", preferences: preferences) else {
            Issue.record("expected the crashed plugin's page to fail")
            return
        }
        #expect(title == "Segv")
        #expect(message.hasPrefix(crashed))
        shell.handle(.escape)
        shell.handle(.up)
        shell.handle(.enter)
        await host.advance(by: .seconds(2))
        #expect(screen(shell).contains("Seconds: 2"), "the built-in feature runs on")
    }

    @Test func aPageOverTheLimitIsStoppedAndTheShellSaysTheSame() async throws {
        guard case .running(let page) = try pageLauncher().launch("test-big", preferences: preferences) else {
            Issue.record("expected the oversized plugin's page to start")
            return
        }
        let stopped = "the plugin libbig.\(PluginStubs.libraryExtension) was stopped: it sent more than 1 MiB of HTML for one render"
        #expect(page.scene.render().render().contains(stopped.prefix(1).uppercased() + stopped.dropFirst()))
        let shell = ShellModel(session: try ShellAssembly.session(options: options, environment: environment, only: nil))
        shell.handle(.down)
        shell.handle(.down)
        shell.handle(.enter)
        #expect(screen(shell).contains("Big could not start: " + stopped), "\(screen(shell))")
        page.close()
    }

    var preferences: PagePreferences { PagePreferences(locale: Locale(identifier: "en_GB"), hourCycle: .twentyFourHour, timeZone: .gmt) }
}
