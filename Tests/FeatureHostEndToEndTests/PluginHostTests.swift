import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import FeatureHostApp

/// Plugins named by a config, through the host's commands: every failure is reported by `validate` with the
/// file, shown as an error entry in the shell, and the rest keep working.
@Suite @MainActor struct PluginHostTests {
    let directory: TemporaryDirectory
    let config: URL

    init() async throws {
        directory = try TemporaryDirectory("featurehost-plugin-host")
        let ext = PluginStubs.libraryExtension
        try directory.write("not a library", to: "libjunk.\(ext)")
        _ = try await PluginStubs.build(PluginStubs.noEntry, named: "noentry", in: directory.url)
        _ = try await PluginStubs.build(PluginStubs.abiVersion(7), named: "abi7", in: directory.url)
        _ = try await PluginStubs.build(PluginStubs.manifestOnly(id: "test-stub", title: "Stub"), named: "stub", in: directory.url)
        // Paths are relative to the config file's folder.
        config = try directory.write(
            """
            { "plugins": ["libjunk.\(ext)", "libnoentry.\(ext)", "libabi7.\(ext)", "libstub.\(ext)", "./libstub.\(ext)"],
              "features": [ { "id": "test-ticker" }, { "id": "test-stub" }, { "id": "test-greeting" } ] }
            """, to: "plugins.json")
    }

    func path(_ name: String) -> String { directory.file("\(name).\(PluginStubs.libraryExtension)").standardizedFileURL.path }

    var expectedIssues: [String] {
        let file = config.standardizedFileURL.path
        return [
            "\(file): plugins[1]: the plugin \(path("libnoentry")) has no entry symbol featurehost_plugin_entry_v1: it is not a FeatureHost plugin, or was not built with FeatureHostPluginKit.",
            "\(file): plugins[2]: the plugin \(path("libabi7")) was built for plugin ABI version 7, but this host supports version 1: rebuild it against this FeatureHost.",
            "\(file): plugins[4]: the plugin \(path("libstub")) provides the feature id \"test-stub\", which is already registered by libstub.\(PluginStubs.libraryExtension) (\(path("libstub"))): give the plugin's feature another id.",
            "\(file): features[2].id: unknown feature \"test-greeting\"; it may come from the plugin that failed to load (libjunk.\(PluginStubs.libraryExtension), libnoentry.\(PluginStubs.libraryExtension), libabi7.\(PluginStubs.libraryExtension), libstub.\(PluginStubs.libraryExtension)); known ids: test-stub, test-ticker.",
        ]
    }

    @Test func validateReportsEveryPluginFailureWithItsFile() async throws {
        let result = try await FeaturehostProcess(in: directory.url).run("validate", "--config", config.path)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        // The built binary has no built-in "test-ticker": that entry is one more skipped id.
        #expect(
            lines.first?.hasPrefix("\(config.standardizedFileURL.path): plugins[0]: cannot open the plugin \(path("libjunk")): ") == true)
        for issue in expectedIssues.dropLast() { #expect(lines.contains(issue), "missing: \(issue)") }
        #expect(lines.contains { $0.contains("features[0].id: unknown feature \"test-ticker\"; it may come from the plugin that failed") })
    }

    /// `list` says which library each plugin feature came from; `validate` checks a plugin's settings against the
    /// declarations in its manifest (a choice, a non-empty string) before anything starts.
    @Test func listNamesThePluginAndValidateChecksItsSettings() async throws {
        let ext = PluginStubs.libraryExtension
        _ = try await PluginStubs.build(
            PluginStubs.manifestOnly(
                id: "test-settings", title: "Settings",
                settings: [
                    #"{"key":"style","type":"choice","choices":["wave","bow"],"default":"wave","summary":"How."}"#,
                    #"{"key":"name","type":"non-empty-string","default":"world","summary":"Who."}"#,
                ]),
            named: "settings", in: directory.url)
        let good = try directory.write(
            #"{ "plugins": ["libsettings.\#(ext)"], "features": [ { "id": "test-settings", "settings": { "style": "bow" } } ] }"#,
            to: "good.json")
        let process = FeaturehostProcess(in: directory.url)
        let validated = try await process.run("validate", "--config", good.path)
        #expect(validated.standardOutput == "ok\n", "\(validated.standardError)")
        let listed = try await process.run("list", "--config", good.path)
        #expect(
            listed.standardOutput.hasPrefix("test-settings  enabled   none       (no data source)  from the plugin libsettings.\(ext)\n"),
            "\(listed.standardOutput)")

        let bad = try directory.write(
            #"{ "plugins": ["libsettings.\#(ext)"], "features": [ { "id": "test-settings", "settings": { "style": "nod", "name": "  " } } ] }"#,
            to: "bad.json")
        let refused = try await process.run("validate", "--config", bad.path)
        #expect(refused.status == 1)
        let file = bad.standardizedFileURL.path
        #expect(
            refused.standardError.split(separator: "\n").map(String.init).sorted() == [
                #"\#(file): features[0].settings.name: found "  "; allowed: a string that is not empty or only spaces."#,
                #"\#(file): features[0].settings.style: found "nod"; allowed: one of "wave", "bow"."#,
            ])
    }

    @Test func theShellShowsFailedPluginsAsErrorEntriesAndRunsTheRest() async throws {
        let host = try TestHost()
        let arguments = try CommandLineArguments(["--config", config.path], valued: CommandCatalog.valuedOptions)
        let options = try HostOptions(arguments: arguments, registry: FeatureRegistry([TickerFeature.self]))
        #expect(options.registry.ids == ["test-ticker", "test-stub"])
        #expect(options.pluginIssues.dropFirst().map(\.description) == expectedIssues)
        let environment = HostEnvironment(
            clock: host.clock, now: { host.start }, transport: host.transport, dataDirectory: host.directory.file("data"),
            locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let shell = ShellModel(session: try ShellAssembly.session(options: options, environment: environment, only: nil))
        #expect(
            shell.entries.map(\.manifest.title)
                == ["Ticker", "Stub", "Plugin libjunk.so", "Plugin libnoentry.so", "Plugin libabi7.so", "Plugin libstub.so"].map {
                    $0.replacingOccurrences(of: ".so", with: ".\(PluginStubs.libraryExtension)")
                })
        shell.handle(.down)
        shell.handle(.down)
        shell.handle(.enter)
        let panel = ShellScreen(model: shell).render(size: Size(width: 100, height: 14)).plainText()
        #expect(panel.contains("Plugin libjunk"))
        #expect(panel.contains("The plugin libjunk.\(PluginStubs.libraryExtension) could not be loaded: cannot open the plugin"))
        #expect(panel.contains("Features left out until it loads: test-greeting."))
        shell.handle(.escape)
        shell.handle(.up)
        shell.handle(.enter)
        #expect(
            ShellScreen(model: shell).render(size: Size(width: 60, height: 10)).plainText().contains(
                "Stub could not start: the stub cannot run"))
        shell.handle(.escape)
        shell.handle(.up)
        shell.handle(.enter)
        await host.advance(by: .seconds(2))
        #expect(
            ShellScreen(model: shell).render(size: Size(width: 60, height: 10)).plainText().contains("Seconds: 2"), "the rest keep working")
    }

    @Test func onlyWithAnUnknownIdMentionsTheFailedPlugins() async throws {
        let arguments = try CommandLineArguments(["--config", config.path], valued: CommandCatalog.valuedOptions)
        let options = try HostOptions(arguments: arguments, registry: FeatureRegistry([TickerFeature.self]))
        #expect(throws: UsageError.self) { try ShellAssembly.selection(options: options, only: "test-greeting") }
    }
}
