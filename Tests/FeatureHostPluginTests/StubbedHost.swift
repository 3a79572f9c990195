import FeatureHostCore
import FeatureHostRuntime
import FeatureHostRuntimeTesting
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import PluginCounterLibrary
import TerminalPluginBridge
import TerminalUI

/// A host session running a built-in feature (the sample counter) and one misbehaving C stub plugin, launched
/// from one registry as the shell launches them, with a text driver on each. The plugin runs in its own process.
@MainActor
struct StubbedHost {
    let host: TestHost
    let library: URL
    let loaded: LoadedPlugin
    let session: HostSession
    let counter: TextDriver
    /// The plugin's screen; nil when it could not start.
    let plugin: TextDriver?

    static let size = Size(width: 72, height: 8)

    init(
        _ behaviours: Set<MisbehavingPluginStub.Behaviour>, library name: String, limits: PluginLimits = .standard
    ) async throws {
        let (host, library) = try await Self.build(behaviours, library: name)
        try self.init(library: library, in: host, limits: limits)
    }

    /// The stub built into a new test host's directory, to launch later without suspending in between.
    static func build(_ behaviours: Set<MisbehavingPluginStub.Behaviour>, library name: String) async throws -> (TestHost, URL) {
        let host = try TestHost()
        let library = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-stub", title: "Stub", behaviours), named: name, in: host.directory.url)
        return (host, library)
    }

    init(library: URL, in host: TestHost, limits: PluginLimits = .standard) throws {
        self.host = host
        self.library = library
        var registry = FeatureRegistry([PluginCounterFeature.self])
        loaded = try loadPlugin(library, limits: limits, dataDirectory: host.directory.url)
        try PluginLoader.register(loaded, into: &registry, makeFeature: DynamicFeature.maker(dataDirectory: host.directory.url))
        let config = ConfigLoader(registry: registry).defaultConfig()
        session = HostSession(
            launching: ResolvedFeature.enabled(in: config, registry: registry), with: FeatureLauncher(environment: host.environment))
        guard let counter = Self.driver(session.entries[0]) else {
            throw FeatureError("the built-in counter did not start: \(session.entries[0].failure ?? "")")
        }
        self.counter = counter
        plugin = Self.driver(session.entries[1])
        session.appear(0)
        session.appear(1)
    }

    static func driver(_ entry: HostSession.Entry) -> TextDriver? {
        (entry.feature as? any TerminalFeature).map { TextDriver(scene: $0.makeScene(), size: size) }
    }

    /// The plugin's entry: its failure when it could not start.
    var pluginEntry: HostSession.Entry { session.entries[1] }

    /// The plugin feature, for its web scene.
    var pluginFeature: DynamicFeature? { pluginEntry.feature as? DynamicFeature }

    /// The plugin panel's text on one line (wrapped text joined), to match whole sentences.
    var pluginText: String { Self.oneLine(plugin?.text() ?? "") }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    func callCount() throws -> Int64 { try PluginStubs.callCount(in: library) }

    /// The plugin's process library.
    var processLibrary: PluginProcessLibrary? { loaded.library }
}

/// Loads one library in its process, as `HostOptions` does (its output logged under `dataDirectory`).
@MainActor
func loadPlugin(_ library: URL, limits: PluginLimits = .standard, dataDirectory: URL) throws -> LoadedPlugin {
    let results = PluginLoader.open(
        [PluginConfiguration(file: library)], limits: limits,
        setup: PluginHostSetup.standard(dataDirectory: dataDirectory, writesLogs: true))
    guard let result = results.first else { throw FeatureError("nothing was loaded") }
    return try result.get()
}

/// Waits on the main actor until `condition` holds, at most `seconds` of real time: for work another thread
/// hands to the main actor. Generous, as CI runs under load; true when it held.
@MainActor
func eventually(within seconds: Int = Int(TestHost.idleTimeout), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        await Task.yield()
    }
    return true
}
