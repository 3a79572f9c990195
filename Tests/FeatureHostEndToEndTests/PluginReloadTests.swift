import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import FeatureHostApp

/// A plugin rebuilt on disk is loaded again alone on reload (issue 32, point 4): its feature is made again from the
/// new library, every other feature keeps its instance, and a rebuild that fails to load leaves the old one serving
/// with the failure shown as a broken config is.
@Suite(.serialized) @MainActor struct PluginReloadTests {
    let host: TestHost
    let app = FeatureHostApp(name: "FeatureHost", features: [TickerFeature.self])
    let config: URL
    var library: String { "liblive.\(PluginStubs.libraryExtension)" }

    init() async throws {
        host = try TestHost()
        _ = try await PluginStubs.build(Self.working("Live one"), named: "live", in: host.directory.url)
        config = try host.directory.write(
            #"{ "plugins": ["liblive.\#(PluginStubs.libraryExtension)"], "features": [ { "id": "test-ticker" }, { "id": "test-live" } ] }"#,
            to: "featurehost.json")
    }

    func shell() throws -> (LiveConfig, HostSession, ShellModel) {
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

    /// A plugin that runs (it ticks and draws), titled `title`, misbehaving as `behaviours` say.
    static func working(_ title: String, _ behaviours: Set<MisbehavingPluginStub.Behaviour> = []) throws -> String {
        try MisbehavingPluginStub.source(id: "test-live", title: title, behaviours)
    }

    static func processID(of plugin: LoadedPlugin) -> Int32? { plugin.library.processID }

    /// Waits until `condition` holds, at most the hang bound: for another process to get somewhere.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(TestHost.idleTimeout))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            await Task.yield()
        }
        return true
    }

    /// Built elsewhere, then moved over the old file, as a linker writes a new file.
    func rebuild(_ source: String) async throws {
        let scratch = try TemporaryDirectory("featurehost-plugin-rebuild")
        let built = try await PluginStubs.build(source, named: "live", in: scratch.url)
        // Same file system (both under the temporary folder): a rename, atomic, as the linker's output lands.
        let moved = host.directory.file(library)
        try FileManager.default.copyItem(at: built, to: host.directory.file(".\(library).new"))
        #expect(rename(host.directory.file(".\(library).new").path, moved.path) == 0)
    }

    @Test func aRebuiltLibraryIsLoadedAgainAloneAndABrokenRebuildKeepsTheOldOne() async throws {
        let (live, session, model) = try shell()
        model.handle(.enter)
        await host.advance(by: .seconds(2))
        let ticker = session.entries[0]
        #expect(session.entries[1].manifest.title == "Live one")

        #expect(live.followedFiles.contains(host.directory.file(library).standardizedFileURL))
        // Reread with nothing rebuilt: the plugin's process is kept, nothing restarts.
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[1].manifest.title == "Live one")

        let oldProcess = ProcessLiveness.identity(try #require(Self.processID(of: live.options.plugins[0])))
        try await rebuild(Self.working("Live two"))
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[1].manifest.title == "Live two", "the new library's code")
        #expect(Self.processID(of: live.options.plugins[0]) != oldProcess.pid, "in a new process")
        #expect(await Self.eventually { !ProcessLiveness.isRunning(oldProcess) }, "the old build's process ends")
        #expect(session.entries[0] === ticker, "the other feature keeps its instance")
        await host.advance(by: .seconds(1))
        #expect(ShellScreen(model: model).render(size: Size(width: 60, height: 10)).plainText().contains("Seconds: 3"))

        let serving = session.entries[1]
        try await rebuild(PluginStubs.abiVersion(7))
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[1] === serving, "a rebuild that fails to load leaves the old one serving")
        #expect(model.configProblems.contains { $0.contains("plugins[0]") && $0.contains("ABI version 7") }, "\(model.configProblems)")

        // One that loads but traps in `create` is refused the same way, before it replaces the one that works.
        try await rebuild(Self.working("Live three", [.trapInCreate]))
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[1] === serving, "a rebuild that traps in create leaves the old one serving")
        #expect(session.entries[1].feature != nil)
        #expect(
            model.configProblems.contains { $0.contains("plugins[0]") && $0.contains("the new build of \(library) was not applied") },
            "\(model.configProblems)")
        #expect(live.options.plugins.count == 1 && Self.processID(of: live.options.plugins[0]) != nil, "the old build's process runs on")

        try await rebuild(Self.working("Live four"))
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries[1].manifest.title == "Live four", "a good build after a bad one applies")
        #expect(model.configProblems.isEmpty)
    }

    @Test func aPluginRemovedFromTheConfigUnloadsAndOneAddedLoads() async throws {
        let (live, session, model) = try shell()
        try host.directory.write(#"{ "features": [ { "id": "test-ticker" } ] }"#, to: "featurehost.json")
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries.map(\.manifest.id) == ["test-ticker"])
        #expect(live.followedFiles == [config.standardizedFileURL])
        try host.directory.write(
            #"{ "plugins": ["liblive.\#(PluginStubs.libraryExtension)"], "features": [ { "id": "test-live" }, { "id": "test-ticker" } ] }"#,
            to: "featurehost.json")
        ShellReload.apply(live.reload(), config: live, session: session, model: model)
        #expect(session.entries.map(\.manifest.id) == ["test-live", "test-ticker"])
        #expect(model.configProblems.isEmpty)
    }
}
