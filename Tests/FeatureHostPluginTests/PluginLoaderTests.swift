import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

private struct AlphaFeature: Feature {
    static let manifest = FeatureManifest(id: "alpha", title: "Alpha", summary: "A built-in.")
    init(context: FeatureContext) throws {}
    func handle(_ event: LifecycleEvent) {}
}

/// Each loading error with a real file (a C library built for the test, or a file that is not a library), as the
/// library's `featurehost-plugin-host` finds it and the host reports it.
@Suite @MainActor struct PluginLoaderTests {
    let directory: TemporaryDirectory
    let unusedMaker: PluginFeatureMaker = { _, _ in throw FeatureError("not started in these tests") }

    init() throws { directory = try TemporaryDirectory("featurehost-plugins") }

    func failure(_ file: URL) -> PluginLoadError? {
        do {
            _ = try loadPlugin(file, dataDirectory: directory.url)
            return nil
        } catch {
            return error as? PluginLoadError
        }
    }

    /// Loads each file in its process, in order, and registers its feature after those already in `registry`, as
    /// `HostOptions` does: a file that fails adds nothing and is returned with why; the others still load.
    func load(_ files: [URL], into registry: inout FeatureRegistry, makeFeature: @escaping PluginFeatureMaker) -> [PluginLoadError] {
        let setup = PluginHostSetup.standard(dataDirectory: directory.url, writesLogs: false)
        var failures: [PluginLoadError] = []
        for result in PluginLoader.open(files.map { PluginConfiguration(file: $0) }, limits: .standard, setup: setup) {
            do throws(PluginLoadError) {
                try PluginLoader.register(try result.get(), into: &registry, makeFeature: makeFeature)
            } catch {
                failures.append(error)
            }
        }
        return failures
    }

    @Test func aFileThatIsNotALibraryCannotBeOpenedAndTheLoaderSaysWhy() throws {
        let file = try directory.write("not a library\n", to: "libjunk.\(PluginStubs.libraryExtension)")
        let error = try #require(failure(file))
        guard case .cannotOpen(let loaderMessage) = error.reason else {
            Issue.record("expected cannotOpen, got \(error.reason)")
            return
        }
        #expect(loaderMessage.contains(file.path), "dlerror names the file: \(loaderMessage)")
        #expect(error.description == "cannot open the plugin \(file.path): \(loaderMessage)")
    }

    @Test func aMissingFileCannotBeOpened() throws {
        let file = directory.file("libmissing.so")
        let error = try #require(failure(file))
        #expect(error.description.hasPrefix("cannot open the plugin \(file.path): "))
        #expect(error.description.contains("No such file"))
    }

    @Test func aLibraryWithoutTheEntrySymbol() async throws {
        let file = try await PluginStubs.build(PluginStubs.noEntry, named: "noentry", in: directory.url)
        #expect(failure(file) == PluginLoadError(file: file, reason: .noEntrySymbol))
        #expect(
            failure(file)?.description
                == "the plugin \(file.path) has no entry symbol featurehost_plugin_entry_v1: it is not a FeatureHost plugin, or was not built with FeatureHostPluginKit."
        )
    }

    @Test func aLibraryForAnotherABIVersionIsRefusedBeforeAnythingElseIsRead() async throws {
        // The stub's table is sixteen zeros after the version: reading any function pointer would crash.
        let file = try await PluginStubs.build(PluginStubs.abiVersion(99), named: "abi99", in: directory.url)
        #expect(failure(file) == PluginLoadError(file: file, reason: .wrongABIVersion(found: 99)))
        #expect(
            failure(file)?.description
                == "the plugin \(file.path) was built for plugin ABI version 99, but this host supports version 1: rebuild it against this FeatureHost."
        )
    }

    @Test func anIdThatClashesWithABuiltInIsRefused() async throws {
        let file = try await PluginStubs.build(PluginStubs.manifestOnly(id: "alpha"), named: "alpha", in: directory.url)
        var registry = FeatureRegistry([AlphaFeature.self])
        let failures = load([file], into: &registry, makeFeature: unusedMaker)
        #expect(failures == [PluginLoadError(file: file, reason: .idClash("alpha", owner: "AlphaFeature (built-in)"))])
        #expect(
            failures.first?.description
                == "the plugin \(file.path) provides the feature id \"alpha\", which is already registered by AlphaFeature (built-in): give the plugin's feature another id."
        )
        #expect(registry.ids == ["alpha"])
    }

    @Test func theSameLibraryTwiceClashesWithItself() async throws {
        let file = try await PluginStubs.build(PluginStubs.manifestOnly(id: "stub-twice"), named: "twice", in: directory.url)
        var registry = FeatureRegistry([])
        let failures = load([file, file], into: &registry, makeFeature: unusedMaker)
        #expect(failures == [PluginLoadError(file: file, reason: .idClash("stub-twice", owner: "libtwice.so (\(file.path))"))])
        #expect(registry.ids == ["stub-twice"])
    }

    @Test func aManifestThatIsNotUsableIsNamed() async throws {
        let file = try await PluginStubs.build(PluginStubs.manifestOnly(id: "Not_Kebab"), named: "badid", in: directory.url)
        #expect(failure(file) == PluginLoadError(file: file, reason: .badManifest("the feature id \"Not_Kebab\" is not kebab-case.")))
    }

    @Test func aFailedPluginDoesNotStopTheOthersAndKeepsConfigOrder() async throws {
        let junk = try directory.write("junk", to: "libjunk.so")
        let first = try await PluginStubs.build(PluginStubs.manifestOnly(id: "stub-one"), named: "one", in: directory.url)
        let second = try await PluginStubs.build(PluginStubs.manifestOnly(id: "stub-two"), named: "two", in: directory.url)
        var registry = FeatureRegistry([AlphaFeature.self])
        let failures = load([first, junk, second], into: &registry, makeFeature: unusedMaker)
        #expect(failures.map(\.file) == [junk])
        #expect(registry.ids == ["alpha", "stub-one", "stub-two"], "plugins come after the built-ins, in config order")
        #expect(registry.descriptor(for: "stub-two")?.manifest.title == "Stub")
    }

    @Test func aPluginsCreateErrorReachesTheFeaturesPanel() async throws {
        let file = try await PluginStubs.build(PluginStubs.manifestOnly(id: "stub-fails"), named: "fails", in: directory.url)
        var registry = FeatureRegistry([])
        let environment = HostEnvironment(
            clock: TestClock(), now: { Date(timeIntervalSince1970: 0) }, transport: TestHostTransport(),
            dataDirectory: directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        #expect(load([file], into: &registry, makeFeature: PluginTestMaker.make).isEmpty)
        let config = ConfigLoader(registry: registry).defaultConfig()
        let launched = ResolvedFeature.enabled(in: config, registry: registry).map(FeatureLauncher(environment: environment).launch)
        guard case .failed(let message) = launched.first?.outcome else {
            Issue.record("expected the stub to fail")
            return
        }
        #expect(message == "Stub could not start: the stub cannot run")
    }
}

/// A transport that is never used: the stubs send no requests.
private struct TestHostTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw HTTPError.cancelled(request.url) }
}
