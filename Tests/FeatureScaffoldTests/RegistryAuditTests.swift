import FeatureHostTestSupport
import FeatureHostTesting
import FeatureScaffold
import Foundation
import Testing

/// The architecture rules as tests: bundles and registrations agree, targets import only what they may, and
/// bundles keep the shared layout. The first test checks this repository; the others show each rule failing
/// (and its neighbours passing) on fixture trees in a temporary directory.
@Suite struct RegistryAuditTests {
    @Test func thisRepositoryFollowsEveryRule() throws {
        #expect(try RegistryAudit.registrationProblems(in: PluginStubs.repository) == [])
        #expect(RegistryAudit.importProblems(in: PluginStubs.repository) == [])
        #expect(RegistryAudit.layoutProblems(in: PluginStubs.repository) == [])
        #expect(RegistryAudit.namingProblems(in: PluginStubs.repository) == [])
    }

    /// A package with Package.swift's and the registry's marked regions, and `files` (paths under `Features/`).
    func fixture(
        packageLines: [String], registryLines: [String], imports: [String], files: [String: String]
    ) throws -> TemporaryDirectory {
        let package = try TemporaryDirectory("featurehost-audit")
        try package.write(
            "let featureBundles = [\n    // scaffold-feature: begin\n" + packageLines.map { "    \($0)\n" }.joined()
                + "    // scaffold-feature: end\n]\n", to: Scaffolder.manifestFile)
        try package.write(
            imports.map { "import \($0)\n" }.joined() + "// scaffold-feature: begin\n" + registryLines.joined(separator: "\n")
                + "\n// scaffold-feature: end\n", to: Scaffolder.registryFile)
        for (path, source) in files { try package.write(source, to: "Features/\(path)") }
        return package
    }

    /// One registered bundle, Weather, in the split layout, with `files` added or replaced.
    func weather(_ files: [String: String]) throws -> TemporaryDirectory {
        let base = [
            "Weather/Sources/WeatherFeature/WeatherFeature.swift": "import FeatureHostCore\nimport DataSources\nimport Foundation\n",
            "Weather/Sources/WeatherTerminal/WeatherFeature+Terminal.swift": "import WeatherFeature\nimport TerminalUI\n",
        ]
        return try fixture(
            packageLines: [#"(name: "Weather", resources: false),"#], registryLines: ["WeatherFeature.self,"],
            imports: ["WeatherFeature", "WeatherTerminal"], files: base.merging(files) { _, new in new })
    }

    let featureFile = "Features/Weather/Sources/WeatherFeature/WeatherFeature.swift"
    let sceneFile = "Features/Weather/Sources/WeatherTerminal/Scene/WeatherScene.swift"

    @Test func theSplitLayoutWithItsOwnImportsHasNoProblems() throws {
        let package = try weather([
            "Weather/Sources/WeatherFeature/Domain/Forecast.swift": "import Foundation\n",
            "Weather/Sources/WeatherFeature/Data/ForecastSource.swift": "import DataSources\nimport FeatureHostCore\n",
            "Weather/Sources/WeatherFeature/Presenter/WeatherPresenter.swift": "import FeatureHostCore\n",
            "Weather/Sources/WeatherTerminal/Scene/WeatherScene.swift":
                "import FeatureHostCore\nimport TerminalUI\nimport WeatherFeature\n",
            "Weather/Tests/WeatherFeatureTests/PresenterTests.swift":
                "import DataSources\nimport FeatureHostCore\nimport FeatureHostTesting\nimport Testing\n@testable import WeatherFeature\n",
            "Weather/Tests/WeatherTerminalTests/SceneTests.swift":
                "import FeatureHostTesting\nimport TerminalUI\nimport Testing\nimport WeatherFeature\nimport WeatherFixtures\n@testable import WeatherTerminal\n",
            "Weather/Tests/WeatherFixtures/WeatherFeature+TestHost.swift":
                "import FeatureHostCore\nimport FeatureHostTesting\nimport WeatherFeature\n",
        ])
        #expect(try RegistryAudit.problems(in: package.url) == [])
    }

    @Test func anUnregisteredBundleAndARegistrationWithoutABundleAreProblems() throws {
        let package = try fixture(
            packageLines: [#"(name: "Chats", resources: true),"#, #"(name: "Ghost", resources: false),"#],
            registryLines: ["ChatsFeature.self,", "PhantomFeature.self,"], imports: ["ChatsFeature", "ChatsTerminal"],
            files: [
                "Chats/Sources/ChatsFeature/ChatsFeature.swift": "import FeatureHostCore\n",
                "Weather/Sources/WeatherFeature/WeatherFeature.swift": "import FeatureHostCore\n",
            ])
        #expect(
            try RegistryAudit.registrationProblems(in: package.url) == [
                "Features/Weather is not in Package.swift's featureBundles: add (name: \"Weather\", resources: …), between the scaffold-feature markers.",
                "Features/Weather is not registered in Sources/featurehost/BuiltInFeatures.swift: add WeatherFeature.self, between the scaffold-feature markers.",
                "Sources/featurehost/BuiltInFeatures.swift does not import WeatherFeature.",
                "Package.swift lists the feature bundle Ghost, but Features/Ghost does not exist.",
                "Sources/featurehost/BuiltInFeatures.swift registers PhantomFeature, but Features/Phantom does not exist.",
                "Sources/featurehost/BuiltInFeatures.swift imports ChatsTerminal, but Features/Chats/Sources/ChatsTerminal does not exist.",
            ])
    }

    @Test func aBundleWithATerminalTargetIsRegisteredWithBothImports() throws {
        let package = try fixture(
            packageLines: [#"(name: "Weather", resources: false),"#], registryLines: ["WeatherFeature.self,"],
            imports: ["WeatherFeature"],
            files: [
                "Weather/Sources/WeatherFeature/WeatherFeature.swift": "import FeatureHostCore\n",
                "Weather/Sources/WeatherTerminal/WeatherFeature+Terminal.swift": "import TerminalUI\nimport WeatherFeature\n",
            ])
        #expect(
            try RegistryAudit.registrationProblems(in: package.url) == [
                "Sources/featurehost/BuiltInFeatures.swift does not import WeatherTerminal, which makes WeatherFeature a terminal feature."
            ])
    }

    @Test func aBundleWithAWebTargetIsRegisteredWithItsWebImportAndNoOtherWebImportIsStale() throws {
        let package = try fixture(
            packageLines: [#"(name: "Weather", resources: false),"#], registryLines: ["WeatherFeature.self,"],
            imports: ["WeatherFeature", "WeatherTerminal", "RadarWeb"],
            files: [
                "Weather/Sources/WeatherFeature/WeatherFeature.swift": "import FeatureHostCore\n",
                "Weather/Sources/WeatherTerminal/WeatherFeature+Terminal.swift": "import TerminalUI\nimport WeatherFeature\n",
                "Weather/Sources/WeatherWeb/WeatherFeature+Web.swift": "import WebUI\nimport WeatherFeature\n",
                "Radar/Sources/RadarFeature/RadarFeature.swift": "import FeatureHostCore\n",
            ])
        #expect(
            try RegistryAudit.registrationProblems(in: package.url) == [
                "Features/Radar is not in Package.swift's featureBundles: add (name: \"Radar\", resources: …), between the scaffold-feature markers.",
                "Features/Radar is not registered in Sources/featurehost/BuiltInFeatures.swift: add RadarFeature.self, between the scaffold-feature markers.",
                "Sources/featurehost/BuiltInFeatures.swift does not import RadarFeature.",
                "Sources/featurehost/BuiltInFeatures.swift does not import WeatherWeb, which makes WeatherFeature a web feature.",
                "Sources/featurehost/BuiltInFeatures.swift imports RadarWeb, but Features/Radar/Sources/RadarWeb does not exist.",
            ])
    }

    @Test func theFeatureTargetImportsNoSurface() throws {
        let package = try weather([
            "Weather/Sources/WeatherFeature/WeatherFeature.swift": "import FeatureHostCore\nimport TerminalUI\n",
            "Weather/Sources/WeatherFeature/Presenter/WeatherPresenter.swift":
                "#if canImport(WebUI)\n    import WebUI\n#endif\nimport Charts\n",
        ])
        let surfaceNeutral =
            "WeatherFeature is surface-neutral; the scene and everything that draws go in a surface target such as WeatherTerminal."
        #expect(
            RegistryAudit.importProblems(in: package.url) == [
                "Features/Weather/Sources/WeatherFeature/Presenter/WeatherPresenter.swift imports WebUI: \(surfaceNeutral)",
                "Features/Weather/Sources/WeatherFeature/Presenter/WeatherPresenter.swift imports Charts: WeatherFeature is surface-neutral: it imports only FeatureHostCore, DataSources, StrictJSON and system modules.",
                "\(featureFile) imports TerminalUI: \(surfaceNeutral)",
            ])
    }

    @Test func theTerminalTargetAddsTerminalUIAndItsOwnFeatureOnly() throws {
        let package = try weather([
            "Weather/Sources/WeatherTerminal/Scene/WeatherScene.swift": "import TerminalUI\nimport WeatherFeature\nimport WebUI\n"
        ])
        #expect(
            RegistryAudit.importProblems(in: package.url) == [
                "\(sceneFile) imports WebUI: WeatherTerminal imports only TerminalUI, WeatherFeature, FeatureHostCore, DataSources, StrictJSON and system modules."
            ])
    }

    @Test func noTargetImportsAnotherFeatureTheRuntimeOrTheExecutable() throws {
        let source = """
            import FeatureHostCore
            @testable import ChatsFeature
            import struct FeatureHostRuntime.HostConfig
            #if canImport(FoundationNetworking)
                import FoundationNetworking
            #endif
            @preconcurrency import featurehost
            import Synchronization
            """
        let package = try weather([
            "Weather/Sources/WeatherFeature/WeatherFeature.swift": source,
            "Weather/Sources/WeatherTerminal/Scene/WeatherScene.swift": "import TerminalUI\nimport ChatsTerminal\n",
            "Chats/Sources/ChatsFeature/ChatsFeature.swift": "import FeatureHostCore\n",
            "Chats/Sources/ChatsTerminal/ChatsFeature+Terminal.swift": "import ChatsFeature\nimport TerminalUI\n",
        ])
        let host = "a feature never imports the runtime or an executable; what it needs from the host comes through its FeatureContext."
        #expect(
            RegistryAudit.importProblems(in: package.url) == [
                "\(featureFile) imports ChatsFeature: a feature never imports another feature (Chats).",
                "\(featureFile) imports FeatureHostRuntime: \(host)",
                "\(featureFile) imports featurehost: \(host)",
                "\(sceneFile) imports ChatsTerminal: a feature never imports another feature (Chats).",
            ])
    }

    @Test func testsNeverImportAnotherFeatureOrAnExecutable() throws {
        let package = try weather([
            "Weather/Tests/WeatherFeatureTests/Tests.swift":
                "import FeatureHostTesting\nimport TerminalUI\nimport Testing\nimport ChatsFeature\nimport ChatsFixtures\nimport WeatherFixtures\n@testable import featurehost\n"
        ])
        #expect(
            RegistryAudit.importProblems(in: package.url) == [
                "Features/Weather/Tests/WeatherFeatureTests/Tests.swift imports ChatsFeature: a feature's tests never import another feature (Chats).",
                "Features/Weather/Tests/WeatherFeatureTests/Tests.swift imports ChatsFixtures: a feature's tests never import another feature (Chats).",
                "Features/Weather/Tests/WeatherFeatureTests/Tests.swift imports featurehost: a feature's tests never import an executable; run it as a process (FeaturehostProcess) in Tests/FeatureHostEndToEndTests.",
            ])
    }

    @Test func testsNeverImportTheRuntimeButUseTheTestHost() throws {
        let package = try weather([
            "Weather/Tests/WeatherFeatureTests/ConfigTests.swift":
                "import FeatureHostTesting\nimport Testing\nimport FeatureHostRuntime\n@testable import WeatherFeature\n",
            "Weather/Tests/WeatherTerminalTests/SceneTests.swift":
                "import FeatureHostTesting\nimport struct FeatureHostRuntime.HostEnvironment\n@testable import TerminalPluginBridge\nimport WeatherTerminal\n",
        ])
        let runtime =
            "a feature's tests never import the runtime; TestHost (FeatureHostTesting) builds the feature's context as the host does, and a test of the host's assembly (config → launcher → feature) goes in Tests/FeatureHostEndToEndTests."
        #expect(
            RegistryAudit.importProblems(in: package.url) == [
                "Features/Weather/Tests/WeatherFeatureTests/ConfigTests.swift imports FeatureHostRuntime: \(runtime)",
                "Features/Weather/Tests/WeatherTerminalTests/SceneTests.swift imports FeatureHostRuntime: \(runtime)",
                "Features/Weather/Tests/WeatherTerminalTests/SceneTests.swift imports TerminalPluginBridge: \(runtime)",
            ])
    }

    @Test func bundlesKeepTheSharedLayout() throws {
        let package = try weather([
            "Weather/Sources/WeatherFeature/Presentation/WeatherPresenter.swift": "import FeatureHostCore\n",
            "Weather/Sources/WeatherFeature/Scene/WeatherScene.swift": "import FeatureHostCore\n",
            "Weather/Sources/WeatherTerminal/Views/Chart.swift": "import TerminalUI\n",
            "Weather/Sources/WeatherKit/Kit.swift": "import Foundation\n",
            "Weather/Tests/WeatherKitTests/KitTests.swift": "import Testing\n",
        ])
        #expect(
            RegistryAudit.layoutProblems(in: package.url) == [
                "Features/Weather/Sources/WeatherFeature/Presentation is not one of the folders a Feature target holds: Data, Domain, Presenter, Resources.",
                "Features/Weather/Sources/WeatherFeature/Scene is not one of the folders a Feature target holds: Data, Domain, Presenter, Resources.",
                "Features/Weather/Sources/WeatherKit is not a target folder: a bundle's sources are WeatherFeature, WeatherTerminal, WeatherWeb.",
                "Features/Weather/Sources/WeatherTerminal/Views is not one of the folders a Terminal target holds: Scene.",
                "Features/Weather/Tests/WeatherKitTests is not a test target folder: a bundle's tests are WeatherFeatureTests, WeatherTerminalTests, WeatherWebTests, WeatherFixtures.",
            ])
    }

    @Test func importsAreReadInEveryForm() {
        let text = "import A\n  @testable import B\nimport struct C.D\n@_exported import E\n// import F\nlet importG = 1\n"
        #expect(RegistryAudit.importedModules(in: text) == ["A", "B", "C", "E"])
    }
}
