import FeatureHostTestSupport
import FeatureHostTesting
import FeatureScaffold
import Foundation
import Testing

/// The scaffold on a copy of this repository's Package.swift and registry in a temporary folder, with their
/// marked regions emptied, so these tests hold whatever features the repository registers (a scaffolded
/// `Weather` included). Building and running the generated feature is `Tests/e2e/walkthrough.sh`.
@Suite struct ScaffolderTests {
    let package: TemporaryDirectory

    init() throws {
        package = try TemporaryDirectory("featurehost-scaffold")
        for path in [Scaffolder.manifestFile, Scaffolder.registryFile] {
            let text = try String(contentsOf: PluginStubs.repository.appendingPathComponent(path), encoding: .utf8)
            try package.write(Self.emptyingMarkedRegions(text), to: path)
        }
    }

    /// `text` without the lines between `// scaffold-feature…: begin` and `…: end` markers.
    static func emptyingMarkedRegions(_ text: String) -> String {
        var inside = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// scaffold-feature"), trimmed.hasSuffix(": begin") {
                inside = true
                return true
            }
            if trimmed.hasPrefix("// scaffold-feature"), trimmed.hasSuffix(": end") { inside = false }
            return !inside
        }.joined(separator: "\n")
    }

    func text(_ path: String) throws -> String { try String(contentsOf: package.file(path), encoding: .utf8) }

    @Test func writesTheSplitBundleAndEditsOnlyTheMarkedRegions() throws {
        let manifestBefore = try text(Scaffolder.manifestFile)
        let registryBefore = try text(Scaffolder.registryFile)
        let result = try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Weather"))
        #expect(
            result.created == [
                "Features/Weather/Sources/WeatherFeature/WeatherFeature.swift",
                "Features/Weather/Sources/WeatherFeature/Domain/Greeting.swift",
                "Features/Weather/Sources/WeatherFeature/Data/WeatherSettings.swift",
                "Features/Weather/Sources/WeatherFeature/Presenter/WeatherPresenter.swift",
                "Features/Weather/Sources/WeatherFeature/Presenter/WeatherModel.swift",
                "Features/Weather/Sources/WeatherFeature/Presenter/WeatherViewState.swift",
                "Features/Weather/Sources/WeatherTerminal/WeatherFeature+Terminal.swift",
                "Features/Weather/Sources/WeatherTerminal/Scene/WeatherTerminalScene.swift",
                "Features/Weather/Sources/WeatherWeb/WeatherFeature+Web.swift",
                "Features/Weather/Sources/WeatherWeb/Scene/WeatherWebScene.swift",
                "Features/Weather/Sources/WeatherWeb/Scene/WeatherWebAction.swift",
                "Features/Weather/Sources/WeatherWeb/Resources/weather.css",
                "Features/Weather/Tests/WeatherFeatureTests/WeatherPresenterTests.swift",
                "Features/Weather/Tests/WeatherTerminalTests/WeatherSceneTests.swift",
                "Features/Weather/Tests/WeatherTerminalTests/Golden/main-80x24.txt",
                "Features/Weather/Tests/WeatherWebTests/WeatherWebSceneTests.swift",
                "Features/Weather/Tests/WeatherWebTests/Golden/main.html",
                "Features/Weather/Tests/WeatherFixtures/WeatherFeature+TestHost.swift",
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
                .replacingOccurrences(
                    of: "// scaffold-feature-imports: end",
                    with: "import WeatherFeature\nimport WeatherTerminal\nimport WeatherWeb\n// scaffold-feature-imports: end"
                )
                .replacingOccurrences(
                    of: "            // scaffold-feature: end",
                    with: "            WeatherFeature.self,\n            // scaffold-feature: end"))
        #expect(try RegistryAudit.problems(in: package.url) == [], "registered, importing only what it may, in the shared layout")
        let feature = try text("Features/Weather/Sources/WeatherFeature/WeatherFeature.swift")
        #expect(feature.contains(#"id: "weather", title: "Weather""#))
    }

    @Test func theFeatureModuleNamesNoSurface() throws {
        _ = try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Weather"))
        let sources = package.file("Features/Weather/Sources/WeatherFeature")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("TerminalUI"), "\(file.lastPathComponent) mentions TerminalUI")
        }
    }

    @Test func refusesAnExistingFeatureAndNeverOverwrites() throws {
        let scaffolder = Scaffolder(package: package.url)
        _ = try scaffolder.scaffold(try FeatureNames(name: "Weather"))
        let manifest = try text(Scaffolder.manifestFile)
        #expect(throws: ScaffoldError("Features/Weather already exists: the feature Weather is there; choose another --name.")) {
            try scaffolder.scaffold(try FeatureNames(name: "Weather", id: "other"))
        }
        #expect(
            throws: ScaffoldError(
                "the id \"weather\" is already used by Features/Weather (WeatherFeature.swift); choose another with --id.")
        ) {
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
        let imported = try text(Scaffolder.registryFile).replacingOccurrences(
            of: "// scaffold-feature-imports: end", with: "import RadarTerminal\n// scaffold-feature-imports: end")
        try package.write(imported, to: Scaffolder.registryFile)
        #expect(
            throws: ScaffoldError("RadarFeature is already registered in Sources/featurehost/BuiltInFeatures.swift; choose another --name.")
        ) {
            try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Radar"))
        }
    }

    @Test func aNameWhoseTypesTheHostDeclaresIsRefused() throws {
        try package.write("public protocol TerminalFeature: Feature {}\n", to: "Sources/TerminalUI/Scene/TerminalFeature.swift")
        #expect(
            throws: ScaffoldError(
                "--name Terminal would declare TerminalFeature, and Sources/TerminalUI/Scene/TerminalFeature.swift declares it already; choose another --name."
            )
        ) {
            try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Terminal"))
        }
        #expect(!FileManager.default.fileExists(atPath: package.file("Features/Terminal").path))
        _ = try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "TerminalClock"))
    }

    @Test func aRegistryWithoutTheImportMarkersIsRefusedBeforeAnythingIsWritten() throws {
        let registry = try text(Scaffolder.registryFile).replacingOccurrences(of: "// scaffold-feature-imports: begin\n", with: "")
        try package.write(registry, to: Scaffolder.registryFile)
        #expect(throws: ScaffoldError.self) { try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "Weather")) }
        #expect(!FileManager.default.fileExists(atPath: package.file("Features/Weather").path))
    }

    @Test func theGoldenFrameHasTheSceneLayout() throws {
        _ = try Scaffolder(package: package.url).scaffold(try FeatureNames(name: "PriceAlert"))
        let golden = try text("Features/PriceAlert/Tests/PriceAlertTerminalTests/Golden/main-80x24.txt")
        let lines = golden.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 24, "24 rows, the last one empty and unterminated like Frame.plainText()")
        #expect(
            Array(lines.prefix(8)) == [
                "", "  Price Alert", "", "  Hello from Price Alert", "", "  [ Press ]  Not pressed yet", "", "  Open for 0 s",
            ])
    }
}
