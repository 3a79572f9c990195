import FeatureHostTesting
import FeatureScaffold
import Foundation
import Testing

/// Point 4 of the extension-points issue: bundles and registrations agree, and features import only what
/// they may. The first test checks this repository; the others show each rule failing on a fixture.
@Suite struct RegistryAuditTests {
    @Test func thisRepositoryRegistersEveryBundleAndNoFeatureImportsTooMuch() throws {
        #expect(try RegistryAudit.registrationProblems(in: PluginStubs.repository) == [])
        #expect(RegistryAudit.importProblems(in: PluginStubs.repository) == [])
    }

    func fixture(packageLines: [String], registryLines: [String], imports: [String], bundles: [String: String]) throws -> TemporaryDirectory {
        let package = try TemporaryDirectory("featurehost-audit")
        try package.write(
            "let featureBundles = [\n    // scaffold-feature: begin\n" + packageLines.map { "    \($0)\n" }.joined() + "    // scaffold-feature: end\n]\n",
            to: Scaffolder.manifestFile)
        try package.write(
            imports.map { "import \($0)\n" }.joined() + "// scaffold-feature: begin\n" + registryLines.joined(separator: "\n")
                + "\n// scaffold-feature: end\n", to: Scaffolder.registryFile)
        for (name, source) in bundles {
            try package.write(source, to: "Features/\(name)/Sources/\(name)Feature/\(name)Feature.swift")
        }
        return package
    }

    @Test func anUnregisteredBundleAndARegistrationWithoutABundleAreProblems() throws {
        let package = try fixture(
            packageLines: [#"(name: "Chats", resources: true),"#, #"(name: "Ghost", resources: false),"#],
            registryLines: ["ChatsFeature.self,", "PhantomFeature.self,"], imports: ["ChatsFeature"],
            bundles: ["Chats": "import FeatureHostCore\n", "Weather": "import FeatureHostCore\n"])
        #expect(
            try RegistryAudit.registrationProblems(in: package.url) == [
                "Features/Weather is not in Package.swift's featureBundles: add (name: \"Weather\", resources: …), between the scaffold-feature markers.",
                "Features/Weather is not registered in Sources/featurehost/BuiltInFeatures.swift: add WeatherFeature.self, between the scaffold-feature markers.",
                "Sources/featurehost/BuiltInFeatures.swift does not import WeatherFeature.",
                "Package.swift lists the feature bundle Ghost, but Features/Ghost does not exist.",
                "Sources/featurehost/BuiltInFeatures.swift registers PhantomFeature, but Features/Phantom does not exist.",
            ])
    }

    @Test func aFeatureThatImportsAnotherFeatureTheRuntimeOrTheExecutableIsAProblem() throws {
        let source = """
            import FeatureHostCore
            @testable import ChatsFeature
            import struct FeatureHostRuntime.HostConfig
            #if canImport(FoundationNetworking)
                import FoundationNetworking
            #endif
            @preconcurrency import featurehost
            import WeatherFeature
            import Synchronization
            """
        let package = try fixture(
            packageLines: [#"(name: "Weather", resources: false),"#], registryLines: ["WeatherFeature.self,"], imports: ["WeatherFeature"],
            bundles: ["Weather": source])
        let allowed = RegistryAudit.allowedImports.sorted().joined(separator: ", ")
        let file = "Features/Weather/Sources/WeatherFeature/WeatherFeature.swift"
        #expect(
            RegistryAudit.importProblems(in: package.url) == [
                "\(file) imports ChatsFeature; a feature imports only \(allowed) and its own module.",
                "\(file) imports FeatureHostRuntime; a feature imports only \(allowed) and its own module.",
                "\(file) imports featurehost; a feature imports only \(allowed) and its own module.",
            ])
    }

    @Test func importsAreReadInEveryForm() {
        let text = "import A\n  @testable import B\nimport struct C.D\n@_exported import E\n// import F\nlet importG = 1\n"
        #expect(RegistryAudit.importedModules(in: text) == ["A", "B", "C", "E"])
    }
}
