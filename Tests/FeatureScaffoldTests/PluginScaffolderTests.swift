import FeatureHostTestSupport
import FeatureHostTesting
import FeatureScaffold
import Foundation
import Testing

/// `scaffold-feature --plugin`: a package of its own in a new folder, with this repository as the host it depends
/// on (read, never written). Building it, testing it and loading it in the host is `Tests/e2e/plugin-package.sh`.
@Suite struct PluginScaffolderTests {
    let folder: TemporaryDirectory
    let host = PluginStubs.repository

    init() throws { folder = try TemporaryDirectory("featurehost-plugin-scaffold") }

    var output: URL { folder.url.appendingPathComponent("QuotesPlugin") }

    func scaffold(_ name: String = "Quotes", id: String? = nil, into output: URL? = nil) throws(ScaffoldError) -> Scaffolder.Result {
        try PluginScaffolder(host: host, output: output ?? self.output, libraryExtension: "so").scaffold(
            try FeatureNames(name: name, id: id))
    }

    func text(_ path: String) throws -> String { try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) }

    @Test func writesAPackageThatDependsOnThisCheckoutByItsPath() throws {
        let repositoryBefore = try String(contentsOf: host.appendingPathComponent("Package.swift"), encoding: .utf8)
        let result = try scaffold()
        #expect(
            result.created == [
                "Package.swift", "featurehost.json", "README.md", ".gitignore",
                "Sources/QuotesFeature/QuotesFeature.swift",
                "Sources/QuotesFeature/Domain/Greeting.swift",
                "Sources/QuotesFeature/Data/QuotesSettings.swift",
                "Sources/QuotesFeature/Presenter/QuotesPresenter.swift",
                "Sources/QuotesFeature/Presenter/QuotesModel.swift",
                "Sources/QuotesFeature/Presenter/QuotesViewState.swift",
                "Sources/QuotesTerminal/QuotesFeature+Terminal.swift",
                "Sources/QuotesTerminal/Scene/QuotesTerminalScene.swift",
                "Sources/QuotesWeb/QuotesFeature+Web.swift",
                "Sources/QuotesWeb/Scene/QuotesWebScene.swift",
                "Sources/QuotesWeb/Scene/QuotesWebAction.swift",
                "Sources/QuotesWeb/Resources/quotes.css",
                "Sources/QuotesPlugin/PluginEntry.swift",
                "Tests/QuotesFixtures/QuotesFeature+TestHost.swift",
                "Tests/QuotesFeatureTests/QuotesPresenterTests.swift",
                "Tests/QuotesTerminalTests/QuotesSceneTests.swift",
                "Tests/QuotesTerminalTests/Golden/main-80x24.txt",
                "Tests/QuotesWebTests/QuotesWebSceneTests.swift",
                "Tests/QuotesWebTests/Golden/main.html",
            ])
        #expect(result.edited == [])
        let manifest = try text("Package.swift")
        #expect(manifest.contains(#".package(name: "FeatureHost", path: "\#(host.standardizedFileURL.path)")"#))
        #expect(manifest.contains(#"//   .package(url: "https://github.com/<owner>/FeatureHost.git", from: "<version>"),"#))
        #expect(manifest.contains(#".library(name: "Quotes", type: .dynamic, targets: ["QuotesPlugin"])"#))
        #expect(try text("featurehost.json").contains(#""plugins": [".build/debug/libQuotes.so"]"#))
        #expect(
            try text("Sources/QuotesWeb/QuotesFeature+Web.swift").contains(
                #"WebAsset(resource: "quotes.css", inBundleNamed: "QuotesPlugin_QuotesWeb")"#))
        #expect(try text("Sources/QuotesPlugin/PluginEntry.swift").contains(#"@_cdecl("featurehost_plugin_entry_v1")"#))
        #expect(try text("Sources/QuotesPlugin/PluginEntry.swift").contains(#"@_cdecl("featurehost_plugin_web_entry_v1")"#))
        #expect(try String(contentsOf: host.appendingPathComponent("Package.swift"), encoding: .utf8) == repositoryBefore)
    }

    /// The feature's modules are the compiled-in feature's, from the same templates: only the web module's bundle
    /// lookup differs (beside the library instead of `Bundle.module`).
    @Test func theModulesAreTheCompiledInTemplates() throws {
        _ = try scaffold()
        let names = try FeatureNames(name: "Quotes")
        let inTree = Dictionary(uniqueKeysWithValues: Templates.files(for: names).map { ($0.path, $0.contents) })
        for path in try FileManager.default.subpathsOfDirectory(atPath: output.appendingPathComponent("Sources/QuotesFeature").path)
        where path.hasSuffix(".swift") {
            #expect(try text("Sources/QuotesFeature/\(path)") == inTree["Features/Quotes/Sources/QuotesFeature/\(path)"], "\(path)")
        }
        #expect(try text("Tests/QuotesWebTests/Golden/main.html") == inTree["Features/Quotes/Tests/QuotesWebTests/Golden/main.html"])
        let web = try text("Sources/QuotesWeb/QuotesFeature+Web.swift")
        #expect(
            web.replacingOccurrences(of: #"inBundleNamed: "QuotesPlugin_QuotesWeb""#, with: "in: .module")
                == inTree["Features/Quotes/Sources/QuotesWeb/QuotesFeature+Web.swift"])
    }

    @Test func refusesAFolderInsideTheCheckoutOrNotEmptyAndWritesNothing() throws {
        #expect(throws: ScaffoldError.self) { try scaffold(into: host.appendingPathComponent("Examples/QuotesPlugin")) }
        #expect(!FileManager.default.fileExists(atPath: host.appendingPathComponent("Examples/QuotesPlugin").path))
        try folder.write("mine", to: "Busy/notes.txt")
        do {
            _ = try scaffold(into: folder.url.appendingPathComponent("Busy"))
            Issue.record("a folder with a file in it was accepted")
        } catch {
            #expect(
                error.description
                    == "--output \(folder.url.appendingPathComponent("Busy").standardizedFileURL.path) is not empty (it holds notes.txt); "
                    + "the scaffold never overwrites a file: choose a new folder.")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("Busy").path) == ["notes.txt"])
        let empty = folder.url.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try scaffold(into: empty).created.count == 23, "an empty folder is fine")
    }

    @Test func refusesNamesAndIdsTheHostAlreadyHas() throws {
        func refusal(_ name: String, id: String? = nil) -> String {
            do {
                _ = try scaffold(name, id: id)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(refusal("Chats").hasPrefix("the id \"chats\" is already used by Features/Chats"))
        #expect(
            refusal("Chats", id: "chats-plugin")
                == "--name Chats would make the module or product ChatsFeature, and the FeatureHost package has a target of that name; choose another --name."
        )
        #expect(refusal("WebUI").hasPrefix("--name WebUI would make the module or product WebUI, "))
        #expect(refusal("Quotes", id: "car-news").hasPrefix("the id \"car-news\" is already used by Features/CarNews"))
        #expect(refusal("Terminal").hasPrefix("--name Terminal would declare TerminalFeature, and Sources/TerminalUI/"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing was written")
    }
}
