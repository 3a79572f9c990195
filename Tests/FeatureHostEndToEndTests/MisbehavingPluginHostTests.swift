import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import WebUI

@testable import FeatureHostApp

/// Misbehaving plugins named by a config, through the host's own assembly, each in its process: the shell and a web
/// page show the same error in the plugin's panel, and the built-in feature beside them runs on.
@Suite @MainActor struct MisbehavingPluginHostTests {
    let directory: TemporaryDirectory
    let host: TestHost
    let config: URL

    init() async throws {
        directory = try TemporaryDirectory("featurehost-misbehaving-plugins")
        let ext = PluginStubs.libraryExtension
        _ = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-segv", title: "Segv", [.segfaultInCreate, .webEntry]), named: "segv", in: directory.url)
        _ = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-big", title: "Big", [.hugeHTML, .hugeFrame, .webEntry]), named: "big", in: directory.url)
        config = try directory.write(
            """
            { "plugins": ["libsegv.\(ext)", "libbig.\(ext)"],
              "features": [ { "id": "test-ticker" }, { "id": "test-segv" }, { "id": "test-big" } ] }
            """, to: "plugins.json")
        host = try TestHost()
    }

    func options() throws -> HostOptions {
        let arguments = try CommandLineArguments(["--config", config.path], valued: CommandCatalog.valuedOptions)
        return try HostOptions(arguments: arguments, registry: FeatureRegistry([TickerFeature.self]))
    }

    var environment: HostEnvironment {
        HostEnvironment(
            clock: host.clock, now: { [host] in host.start }, transport: host.transport, dataDirectory: host.directory.file("data"),
            locale: Locale(identifier: "en_GB"), timeZone: .gmt)
    }

    func pageLauncher(_ options: HostOptions) throws -> HostPageLauncher {
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

    let segv = "SIGSEGV (a bad memory access, such as a NULL dereference)"

    /// A plugin's process keeps its images in a cache of its own (`cache/plugin-images/<id>`); the web's `/images/<key>`
    /// route serves them as it serves the host's, and a key in no cache is still a miss.
    @Test func aPluginsCachedImageIsServedByTheHostsImageRoute() async throws {
        let launcher = try pageLauncher(try options())
        let pluginCache = ImageCache(
            directory: DataLayout(environment.dataDirectory).pluginImageCacheDirectory(for: "test-segv"),
            transport: ScriptedTransport([
                .success(HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: SampleImage.png))
            ]))
        let reference = try await pluginCache.image(at: URL(string: "https://img.example/plugin.png")!)
        #expect(launcher.cachedImage(forKey: reference.key)?.data == SampleImage.png)
        #expect(launcher.cachedImage(forKey: "0123456789abcdef") == nil)
    }

    @Test func aCrashInCreateIsTheSameErrorInTheShellAndOnTheWeb() async throws {
        let ext = PluginStubs.libraryExtension
        let shell = ShellModel(session: try ShellAssembly.session(options: try options(), environment: environment, only: nil))
        let crashed = "The plugin libsegv.\(ext) stopped: it crashed with \(segv) in create."
        shell.handle(.down)
        shell.handle(.enter)
        #expect(screen(shell).contains(crashed + " Its in-memory state was lost; what it saved to disk is kept."), "\(screen(shell))")
        #expect(screen(shell).contains("Press r to restart it"))
        #expect(ShellScreen(model: shell).render(size: Size(width: 100, height: 16)).plainText().contains(" r restart  Esc back"))
        // A page of it starts it again by itself (within the crash budget), and crashes again: the same panel.
        guard case .running(let page) = try pageLauncher(try options()).launch("test-segv", preferences: preferences) else {
            Issue.record("expected the crashed plugin's page to show its panel")
            return
        }
        let html = page.scene.render().render()
        #expect(html.contains("<p>\(crashed) Its in-memory state was lost; what it saved to disk is kept.</p>"), "\(html)")
        #expect(html.contains(#"<button class="fh-plugin-restart" data-action="fh-plugin-restart" type="button">Restart</button>"#))
        page.close()
        shell.handle(.escape)
        shell.handle(.up)
        shell.handle(.enter)
        await host.advance(by: .seconds(2))
        #expect(screen(shell).contains("Seconds: 2"), "the built-in feature runs on")
    }

    @Test func aPageOverTheLimitIsStoppedAndTheShellSaysTheSame() async throws {
        let options = try options()
        let shell = ShellModel(session: try ShellAssembly.session(options: options, environment: environment, only: nil))
        guard case .running(let page) = try pageLauncher(options).launch("test-big", preferences: preferences) else {
            Issue.record("expected the oversized plugin's page to start")
            return
        }
        let stopped = "The plugin libbig.\(PluginStubs.libraryExtension) was stopped: it sent more than 1 MiB of HTML for one render"
        #expect(page.scene.render().render().contains(stopped))
        shell.handle(.down)
        shell.handle(.down)
        shell.handle(.enter)
        #expect(screen(shell).contains(stopped), "the shell's instance of the same library: \(screen(shell))")
        page.close()
    }

    /// The built `featurehost`, as a user runs it: a snapshot of a plugin that stops says so and exits 1; a library
    /// that crashes the loader is named by `validate` and `list` goes on without it.
    @Test func theCommandsGoOnAndSayWhichFileFailedAndHow() async throws {
        let ext = PluginStubs.libraryExtension
        _ = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-trap", title: "Trap", [.trapInRender]), named: "trap", in: directory.url)
        let initializer = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-init", title: "Init", [.crashInStaticInitializer]), named: "init", in: directory.url)
        let config = try directory.write(
            #"{ "plugins": ["libtrap.\#(ext)", "libinit.\#(ext)"], "features": [ { "id": "test-trap" } ] }"#, to: "commands.json")
        let process = FeaturehostProcess(in: directory.url)
        let snapshot = try await process.run("snapshot", "test-trap", "--config", config.path, "--size", "100x20")
        #expect(snapshot.status == 1)
        #expect(
            snapshot.standardError.contains(
                "featurehost: snapshot: test-trap was stopped during the run: The plugin libtrap.\(ext) stopped: it crashed with SIGILL"),
            "\(snapshot.standardError)")
        #expect(snapshot.standardOutput.contains("Press r to restart it"))
        let validate = try await process.run("validate", "--config", config.path)
        #expect(validate.status == 1)
        #expect(
            validate.standardError.contains(
                "plugins[1]: the plugin \(initializer.standardizedFileURL.path) could not be loaded: it crashed with SIGILL"),
            "\(validate.standardError)")
        let list = try await process.run("list", "--config", config.path)
        #expect(list.status == 0)
        #expect(list.standardOutput.hasPrefix("test-trap  enabled"), "\(list.standardOutput)")
    }

    var preferences: PagePreferences { PagePreferences(locale: Locale(identifier: "en_GB"), hourCycle: .twentyFourHour, timeZone: .gmt) }
}
