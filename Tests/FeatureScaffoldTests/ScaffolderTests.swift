import FeatureHostTesting
import FeatureScaffold
import Foundation
import Testing

/// The scaffold on a copy of this repository's Package.swift and registry in a temporary folder. Building and
/// running the generated feature is `Tests/e2e/scaffold.sh`.
@Suite struct ScaffolderTests {
    let package: TemporaryDirectory

    init() throws {
        package = try TemporaryDirectory("featurehost-scaffold")
        for path in [Scaffolder.manifestFile, Scaffolder.registryFile] {
            try package.write(try String(contentsOf: PluginStubs.repository.appendingPathComponent(path), encoding: .utf8), to: path)
        }
    }

    func text(_ path: String) throws -> String { try String(contentsOf: package.file(path), encoding: .utf8) }

    @Test func writesTheBundleAndEditsOnlyTheMarkedRegions() throws {
        let manifestBefore = try text(Scaffolder.manifestFile)
        let registryBefore = try text(Scaffolder.registryFile)
        let result = try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Weather"))
        #expect(
            result.created == [
                "Features/Weather/Sources/WeatherFeature/WeatherFeature.swift",
                "Features/Weather/Sources/WeatherFeature/WeatherPresenter.swift",
                "Features/Weather/Sources/WeatherFeature/WeatherScene.swift",
                "Features/Weather/Tests/WeatherFeatureTests/WeatherPresenterTests.swift",
                "Features/Weather/Tests/WeatherFeatureTests/WeatherSceneTests.swift",
                "Features/Weather/Tests/WeatherFeatureTests/Golden/main-80x24.txt",
                "Features/Weather/README.md",
            ])
        #expect(result.edited == [Scaffolder.manifestFile, Scaffolder.registryFile])
        for path in result.created { #expect(FileManager.default.fileExists(atPath: package.file(path).path), "\(path)") }
        #expect(
            try text(Scaffolder.manifestFile)
                == manifestBefore.replacingOccurrences(
                    of: "    // scaffold-feature: end", with: "    (name: \"Weather\", resources: false),\n    // scaffold-feature: end"))
        #expect(
            try text(Scaffolder.registryFile)
                == registryBefore
                .replacingOccurrences(of: "// scaffold-feature-imports: end", with: "import WeatherFeature\n// scaffold-feature-imports: end")
                .replacingOccurrences(
                    of: "            // scaffold-feature: end", with: "            WeatherFeature.self,\n            // scaffold-feature: end"))
        // The copy holds only the manifest and the registry, so the real features' bundles are absent from it.
        let weatherProblems = try RegistryAudit.registrationProblems(in: package.url).filter { $0.contains("Weather") }
        #expect(weatherProblems == [], "the new bundle is fully registered")
        #expect(RegistryAudit.importProblems(in: package.url) == [], "the templates import only what a feature may")
        let feature = try text("Features/Weather/Sources/WeatherFeature/WeatherFeature.swift")
        #expect(feature.contains(#"id: "weather", title: "Weather""#))
    }

    @Test func refusesAnExistingFeatureAndNeverOverwrites() throws {
        let scaffolder = Scaffolder(package: package.url)
        _ = try scaffolder.scaffold(try FeatureNames(name: "Weather"))
        let manifest = try text(Scaffolder.manifestFile)
        #expect(throws: ScaffoldError("Features/Weather already exists: the feature Weather is there; choose another --name.")) {
            try scaffolder.scaffold(try FeatureNames(name: "Weather", id: "other"))
        }
        #expect(throws: ScaffoldError("the id \"weather\" is already used by Features/Weather (WeatherFeature.swift); choose another with --id.")) {
            try scaffolder.scaffold(try FeatureNames(name: "LocalWeather", id: "weather"))
        }
        #expect(try text(Scaffolder.manifestFile) == manifest, "a refused run changes nothing")
        #expect(!FileManager.default.fileExists(atPath: package.file("Features/LocalWeather").path))
    }

    @Test func refusesANameAlreadyRegisteredWithoutABundle() throws {
        let registered = try text(Scaffolder.manifestFile).replacingOccurrences(
            of: "    // scaffold-feature: end", with: "    (name: \"Weather\", resources: true),\n    // scaffold-feature: end")
        try package.write(registered, to: Scaffolder.manifestFile)
        #expect(throws: ScaffoldError("Weather is already listed in Package.swift's featureBundles; choose another --name.")) {
            try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Weather"))
        }
    }

    @Test func aRegistryWithoutTheImportMarkersIsRefusedBeforeAnythingIsWritten() throws {
        let registry = try text(Scaffolder.registryFile).replacingOccurrences(of: "// scaffold-feature-imports: begin\n", with: "")
        try package.write(registry, to: Scaffolder.registryFile)
        #expect(throws: ScaffoldError.self) { try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Weather")) }
        #expect(!FileManager.default.fileExists(atPath: package.file("Features/Weather").path))
    }

    @Test func theGoldenFrameHasTheSceneLayout() throws {
        _ = try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "PriceAlert"))
        let golden = try text("Features/PriceAlert/Tests/PriceAlertFeatureTests/Golden/main-80x24.txt")
        let lines = golden.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 24, "24 rows, the last one empty and unterminated like Frame.plainText()")
        #expect(Array(lines.prefix(6)) == ["", "  Price Alert", "", "  Hello from Price Alert", "", "  [ Press ]  Not pressed yet"])
    }
}
