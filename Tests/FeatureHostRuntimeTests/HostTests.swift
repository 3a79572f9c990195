import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import Testing

@Suite struct RegistryTests {
    @Test func duplicateAndMalformedIdsAreProblems() {
        struct BadID: Feature {
            static let manifest = FeatureManifest(id: "Bad_Id", title: "Bad", summary: "")
            init(context: FeatureContext) throws {}
            func handle(_ event: LifecycleEvent) {}
        }
        let registry = FeatureRegistry([AlphaFeature.self, DuplicateAlpha.self, BadID.self])
        #expect(
            registry.problems == [
                "The feature id \"alpha\" is registered twice: by AlphaFeature (built-in) and by DuplicateAlpha (built-in).",
                "The feature id \"Bad_Id\" (BadID, built-in) is not kebab-case.",
            ])
    }

    @Test func aManifestThatContradictsItselfIsAProblem() {
        struct NoSample: Feature {
            static let manifest = FeatureManifest(
                id: "no-sample", title: "No sample", summary: "", acceptedSources: [.jsonFile],
                defaultSource: SourceConfiguration(kind: .jsonFile),
                settings: [SettingDeclaration("speed", type: .number(1...5), default: .number(0), summary: "")])
            init(context: FeatureContext) throws {}
            func handle(_ event: LifecycleEvent) {}
        }
        #expect(
            FeatureRegistry([NoSample.self]).problems == [
                #"The feature "no-sample" (NoSample (built-in)) defaults to a json-file source but declares no bundled json-file sample."#,
                #"The feature "no-sample" (NoSample (built-in)) declares the setting "speed" with the default 0, which is not a number from 1 to 5."#,
            ])
    }
}

@Suite struct LookupTests {
    let cwd = URL(fileURLWithPath: "/work/project")

    @Test func configLookupOrder() throws {
        #expect(
            ConfigLocator.locate(explicit: "c.json", environment: ["FEATUREHOST_CONFIG": "/etc/e.json"], currentDirectory: cwd)
                == .file(URL(fileURLWithPath: "/work/project/c.json"), reason: "--config"))
        #expect(
            ConfigLocator.locate(explicit: nil, environment: ["FEATUREHOST_CONFIG": "/etc/e.json"], currentDirectory: cwd)
                == .file(URL(fileURLWithPath: "/etc/e.json"), reason: "$FEATUREHOST_CONFIG"))
        let directory = try TemporaryDirectory()
        #expect(ConfigLocator.locate(explicit: nil, environment: [:], currentDirectory: directory.url) == .builtInDefault)
        try directory.write("{}", to: "featurehost.json")
        #expect(
            ConfigLocator.locate(explicit: nil, environment: [:], currentDirectory: directory.url)
                == .file(directory.file("featurehost.json").standardizedFileURL, reason: "./featurehost.json"))
    }

    @Test func dataDirectoryLookupOrder() {
        let all = ["FEATUREHOST_DATA_DIR": "/d/env", "XDG_DATA_HOME": "/d/xdg", "HOME": "/home/u"]
        #expect(DataDirectory.resolve(explicit: "data", environment: all, currentDirectory: cwd).path == "/work/project/data")
        #expect(DataDirectory.resolve(explicit: nil, environment: all, currentDirectory: cwd).path == "/d/env")
        #expect(
            DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/d/xdg", "HOME": "/home/u"], currentDirectory: cwd).path
                == "/d/xdg/featurehost")
        #expect(
            DataDirectory.resolve(explicit: nil, environment: ["HOME": "/home/u"], currentDirectory: cwd).path
                == "/home/u/.local/share/featurehost")
    }
}

@Suite @MainActor struct LauncherTests {
    @Test func aFailingFeatureBecomesAnErrorEntryAndTheOthersStart() throws {
        let directory = try TemporaryDirectory()
        let registry = FeatureRegistry([AlphaFeature.self, FailingFeature.self, BetaFeature.self])
        let config = ConfigLoader(registry: registry).defaultConfig()
        let environment = HostEnvironment(
            clock: TestClock(), now: { Date(timeIntervalSince1970: 0) }, transport: LiveHTTPTransport(),
            dataDirectory: directory.file("data"), locale: Locale(identifier: "en_GB"), timeZone: .gmt)
        let launcher = FeatureLauncher(environment: environment)
        let launched = ResolvedFeature.enabled(in: config, registry: registry).map(launcher.launch)
        #expect(launched.map(\.resolved.id) == ["alpha", "failing", "beta"])
        guard case .failed(let message) = launched[1].outcome else {
            Issue.record("expected the failing feature to fail")
            return
        }
        #expect(message == "Failing could not start: the widget file is missing")
        if case .failed = launched[0].outcome { Issue.record("alpha should run") }
        #expect(
            FileManager.default.fileExists(atPath: directory.file("data/features/alpha").path), "the data directory is created on first use"
        )
        #expect(environment.hourCycle == .twentyFourHour)
        #expect(HostEnvironment.hourCycle(for: Locale(identifier: "en_US")) == .twelveHour)
    }

    @Test @MainActor func theSessionDeliversLifecycleToEveryRunningFeatureOnce() {
        let first = RecordingFeature()
        let second = RecordingFeature()
        let manifest = RecordingFeature.manifest
        let session = HostSession(entries: [
            HostSession.Entry(manifest: manifest, state: .running(first)),
            HostSession.Entry(manifest: manifest, state: .failed("broken")),
            HostSession.Entry(manifest: manifest, state: .running(second)),
        ])
        session.appear(0)
        session.appear(0)
        session.appear(1)
        #expect(session.report(.didEnterBackground))
        #expect(!session.report(.didEnterBackground), "a repeated state is not delivered again")
        #expect(!session.report(.appear), "appear is per feature, never broadcast")
        session.report(.willEnterForeground)
        session.appear(2)
        session.close()
        session.report(.didEnterBackground)
        session.appear(2)
        #expect(first.events == [.appear, .didEnterBackground, .willEnterForeground])
        #expect(second.events == [.didEnterBackground, .willEnterForeground, .appear])
        #expect(session.entries[0].hasAppeared && !session.entries[1].hasAppeared)
        #expect(session.entries.allSatisfy { $0.feature == nil }, "closing lets every feature go")
    }
}
