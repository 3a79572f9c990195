import Foundation

/// A plugin in its own package (`scaffold-feature --plugin`): the same modules, scenes and tests as a compiled-in
/// feature, written by the same templates, plus the package manifest, the library's entry symbols, a config and a
/// README:
///
/// ```
/// <output>/
///   Package.swift              the dynamic library <Name> (lib<Name>.so), FeatureHost by path
///   featurehost.json           a config that loads the library and enables the feature
///   README.md
///   Sources/<Name>Feature/     <Name>Feature.swift, Domain/, Data/, Presenter/
///   Sources/<Name>Terminal/    <Name>Feature+Terminal.swift, Scene/
///   Sources/<Name>Web/         <Name>Feature+Web.swift, Scene/, Resources/<id>.css
///   Sources/<Name>Plugin/      PluginEntry.swift: the two entry symbols
///   Tests/<Name>Fixtures/      what the three test targets share (the feature on a test host)
///   Tests/<Name>FeatureTests/, Tests/<Name>TerminalTests/, Tests/<Name>WebTests/
/// ```
extension Templates {
    /// The package's name, and its products' folder prefix: `WeatherPlugin`.
    static func pluginPackage(_ names: FeatureNames) -> String { names.name + "Plugin" }
    /// The target that exports the entry symbols: `WeatherPlugin`.
    static func pluginModule(_ names: FeatureNames) -> String { names.name + "Plugin" }
    /// The web target's resource bundle, found beside the library: `WeatherPlugin_WeatherWeb`.
    static func pluginResourceBundle(_ names: FeatureNames) -> String { pluginPackage(names) + "_" + names.webModule }

    /// The files of a plugin package, with paths relative to its folder.
    /// - Parameters:
    ///   - host: the FeatureHost checkout the package depends on, by its absolute path.
    ///   - libraryExtension: `so` on Linux, `dylib` on macOS: what the config names.
    public static func pluginFiles(for names: FeatureNames, host: String, libraryExtension: String) -> [File] {
        let featureSources = "Sources/\(names.module)"
        let terminalSources = "Sources/\(names.terminalModule)"
        let webSources = "Sources/\(names.webModule)"
        return [
            File(path: "Package.swift", contents: pluginManifest(names, host: host)),
            File(path: "featurehost.json", contents: pluginConfig(names, libraryExtension: libraryExtension)),
            File(path: "README.md", contents: pluginReadme(names, host: host, libraryExtension: libraryExtension)),
            File(path: ".gitignore", contents: ".build/\n*.new\n"),
            File(path: "\(featureSources)/\(names.module).swift", contents: feature(names)),
            File(path: "\(featureSources)/Domain/Greeting.swift", contents: greeting(names)),
            File(path: "\(featureSources)/Data/\(names.name)Settings.swift", contents: settings(names)),
            File(path: "\(featureSources)/Presenter/\(names.name)Presenter.swift", contents: presenter(names)),
            File(path: "\(featureSources)/Presenter/\(names.name)Model.swift", contents: model(names)),
            File(path: "\(featureSources)/Presenter/\(names.name)ViewState.swift", contents: viewState(names)),
            File(path: "\(terminalSources)/\(names.module)+Terminal.swift", contents: terminalConformance(names)),
            File(path: "\(terminalSources)/Scene/\(names.name)TerminalScene.swift", contents: scene(names)),
            File(
                path: "\(webSources)/\(names.module)+Web.swift", contents: webConformance(names, pluginBundle: pluginResourceBundle(names))),
            File(path: "\(webSources)/Scene/\(names.name)WebScene.swift", contents: webScene(names)),
            File(path: "\(webSources)/Scene/\(names.name)WebAction.swift", contents: webAction(names)),
            File(path: "\(webSources)/Resources/\(names.id).css", contents: webStylesheet(names)),
            File(path: "Sources/\(pluginModule(names))/PluginEntry.swift", contents: pluginEntry(names)),
            File(path: "Tests/\(names.fixturesModule)/\(names.module)+TestHost.swift", contents: fixtures(names)),
            File(path: "Tests/\(names.testModule)/\(names.name)PresenterTests.swift", contents: presenterTests(names)),
            File(path: "Tests/\(names.terminalTestModule)/\(names.name)SceneTests.swift", contents: sceneTests(names)),
            File(path: "Tests/\(names.terminalTestModule)/Golden/main-80x24.txt", contents: golden(names)),
            File(path: "Tests/\(names.webTestModule)/\(names.name)WebSceneTests.swift", contents: webSceneTests(names)),
            File(path: "Tests/\(names.webTestModule)/Golden/main.html", contents: webGolden(names)),
        ]
    }

    /// The module names a plugin package declares: they must not be target names of the host's package, which is
    /// in the same build graph.
    public static func pluginModules(_ names: FeatureNames) -> [String] {
        [
            names.module, names.terminalModule, names.webModule, pluginModule(names), names.fixturesModule, names.testModule,
            names.terminalTestModule, names.webTestModule,
        ]
    }

    static func pluginManifest(_ names: FeatureNames, host: String) -> String {
        #"""
        // swift-tools-version: 6.2
        import PackageDescription

        // \#(names.title): a FeatureHost feature built as a plugin library, lib\#(names.name) (`swift build`), that `featurehost`
        // and `featurehost serve` load through the config's "plugins" (featurehost.json). Generated by
        // `swift package scaffold-feature --plugin`; README.md says what is where and what to run.

        /// A product of the FeatureHost package.
        func featureHost(_ product: String) -> Target.Dependency { .product(name: product, package: "FeatureHost") }

        let package = Package(
            name: "\#(pluginPackage(names))",
            platforms: [.macOS(.v14)],
            products: [
                // The library the host loads: the feature with its terminal and web scenes, and its own copy of the core.
                .library(name: "\#(names.name)", type: .dynamic, targets: ["\#(pluginModule(names))"])
            ],
            dependencies: [
                // The FeatureHost checkout this was generated from, by its absolute path. For a published release, depend
                // on it by URL and version instead:
                //   .package(url: "https://github.com/<owner>/FeatureHost.git", from: "<version>"),
                // The host checks the plugin ABI version when it loads the library, so build against the release you run.
                .package(name: "FeatureHost", path: "\#(swiftString(host))")
            ],
            targets: [
                // Surface-neutral: manifest, domain, data, presenter. Core and DataSources only, never a surface.
                .target(name: "\#(names.module)", dependencies: [featureHost("FeatureHostCore"), featureHost("DataSources")]),
                .target(
                    name: "\#(names.terminalModule)",
                    dependencies: ["\#(names.module)", featureHost("FeatureHostCore"), featureHost("TerminalUI")]),
                // Its stylesheet ships as \#(pluginResourceBundle(names)).resources beside the library.
                .target(
                    name: "\#(names.webModule)", dependencies: ["\#(names.module)", featureHost("FeatureHostCore"), featureHost("WebUI")],
                    resources: [.process("Resources")]),
                // The entry symbols. Leave out \#(names.terminalModule) for a web-only plugin, or \#(names.webModule) (and the web
                // entry) for a terminal-only one: the host says plainly that it has no screen on the other surface.
                .target(
                    name: "\#(pluginModule(names))",
                    dependencies: [
                        "\#(names.module)", "\#(names.terminalModule)", "\#(names.webModule)", featureHost("FeatureHostPluginKit"),
                    ]),
                // What the three test targets share (the feature on a test host): `package` declarations they import.
                .target(
                    name: "\#(names.fixturesModule)",
                    dependencies: ["\#(names.module)", featureHost("FeatureHostCore"), featureHost("FeatureHostTesting")],
                    path: "Tests/\#(names.fixturesModule)"),
                .testTarget(
                    name: "\#(names.testModule)",
                    dependencies: ["\#(names.module)", "\#(names.fixturesModule)", featureHost("FeatureHostTesting")]),
                .testTarget(
                    name: "\#(names.terminalTestModule)",
                    dependencies: [
                        "\#(names.terminalModule)", "\#(names.module)", "\#(names.fixturesModule)", featureHost("TerminalUI"),
                        featureHost("FeatureHostTesting"),
                    ],
                    exclude: ["Golden"]),
                .testTarget(
                    name: "\#(names.webTestModule)",
                    dependencies: [
                        "\#(names.webModule)", "\#(names.module)", "\#(names.fixturesModule)", featureHost("WebUI"),
                        featureHost("WebUITesting"), featureHost("FeatureHostTesting"),
                    ],
                    exclude: ["Golden"]),
            ]
        )

        // Every target with the upcoming features FeatureHost's own targets use (its docs/architecture.md, "Swift settings and
        // locks"): `any` on every existential, and a module's members used only where the file imports it.
        let swiftSettings: [SwiftSetting] = [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
        for target in package.targets {
            target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
        }

        """#
    }

    static func pluginEntry(_ names: FeatureNames) -> String {
        #"""
        import FeatureHostPluginKit
        import \#(names.module)
        import \#(names.terminalModule)
        import \#(names.webModule)

        /// The library's entry symbol: the host finds it with dlsym and checks the table's ABI version before anything
        /// else. The feature shows on the surfaces it conforms to here: `TerminalFeature` (\#(names.terminalModule)) in the
        /// shell, `WebFeature` (\#(names.webModule)) on the web page.
        @_cdecl("featurehost_plugin_entry_v1")
        public func featurehostPluginEntry() -> UnsafeRawPointer {
            PluginExport.table(for: \#(names.module).self)
        }

        /// The optional web entry: without it the feature runs in the terminal and the web says it has no web view.
        @_cdecl("featurehost_plugin_web_entry_v1")
        public func featurehostPluginWebEntry() -> UnsafeRawPointer {
            PluginExport.webTable(for: \#(names.module).self)
        }

        /// The optional reformat entry: a locale, hour cycle or time zone edit calls the feature's `reformat(for:)`
        /// in place; without it the host makes the feature again.
        @_cdecl("featurehost_plugin_reformat_entry_v1")
        public func featurehostPluginReformatEntry() -> UnsafeRawPointer {
            PluginExport.reformatTable(for: \#(names.module).self)
        }

        """#
    }

    /// Loads the library from this package's debug build (paths in "plugins" are relative to the config file).
    static func pluginConfig(_ names: FeatureNames, libraryExtension: String) -> String {
        #"""
        {
          "plugins": [".build/debug/lib\#(names.name).\#(libraryExtension)"],
          "features": [
            { "id": "\#(names.id)", "settings": { "greeting": "\#(defaultGreeting(names))" } }
          ]
        }

        """#
    }

    static func pluginReadme(_ names: FeatureNames, host: String, libraryExtension: String) -> String {
        let library = "lib\(names.name).\(libraryExtension)"
        return #"""
            # \#(names.title)

            A FeatureHost feature (id `\#(names.id)`) built as a plugin: the dynamic library `\#(library)`, which `featurehost` and
            `featurehost serve` load at run time through the config's `"plugins"`, each plugin in a process of its own.
            Generated by `swift package --allow-writing-to-directory DIR scaffold-feature --plugin --name \#(names.name) --output DIR`
            in the FeatureHost checkout at `\#(host)`, which this package depends on by that path (Package.swift shows the
            URL-and-version form for a published release).

            What it does today: shows a greeting (setting `greeting`, not blank), a Press button that counts presses, and how
            long it has been open (a timer that starts when the feature first appears and stops in the background), in the
            terminal and on the web.

            ## Build, test, run

                swift build          # .build/debug/\#(library), and \#(pluginResourceBundle(names)).resources beside it
                swift test           # presenter, terminal scene and web scene tests, with FeatureHostTesting

            Then, from this folder, run the host with `featurehost.json`, which loads `.build/debug/\#(library)` and enables the
            feature:

                swift run --package-path \#(host) featurehost validate --config featurehost.json
                swift run --package-path \#(host) featurehost --config featurehost.json
                swift run --package-path \#(host) featurehost snapshot \#(names.id) --config featurehost.json --input '\r'
                swift run --package-path \#(host) featurehost serve --config featurehost.json    # open the address it prints

            `featurehost list --config featurehost.json` names the library the feature came from. A rebuilt library is picked
            up when the host starts, or when its panel's restart (`r`, or Restart on the web) starts its process again.

            ## Files

            - `Sources/\#(names.module)/`: the manifest and `init(context:)`, `Domain/` (models and rules), `Data/` (settings,
              sources), `Presenter/` (the presenter and its view state). Core and DataSources only: no surface.
            - `Sources/\#(names.terminalModule)/`: the `TerminalFeature` conformance and the terminal scene.
            - `Sources/\#(names.webModule)/`: the `WebFeature` conformance, the web scene, and `Resources/\#(names.id).css`, read at run
              time from `\#(pluginResourceBundle(names)).resources` beside the library (`WebAsset(resource:inBundleNamed:)`).
            - `Sources/\#(pluginModule(names))/PluginEntry.swift`: the two entry symbols. Leave `\#(names.terminalModule)` out of this
              target for a web-only plugin, or `\#(names.webModule)` and the web entry for a terminal-only one.
            - `Tests/`: the presenter action by action on the test clock; the scenes against their golden files
              (`Golden/`; a test that finds a difference writes `<name>.new` beside the golden for you to review);
              `Tests/\#(names.fixturesModule)/`, what the three share (the feature on a test host).
            - `featurehost.json`: the config above.

            ## Deploying the library

            Copy `\#(library)` and the `\#(pluginResourceBundle(names)).resources` folder next to it (`.bundle` on macOS) together,
            and name the library in the config's `"plugins"`, relative to the config file. Without the folder the page loads
            unstyled and the plugin's log (`<data>/logs/plugins/\#(library).log`) names the missing file; nothing crashes.

            See the FeatureHost checkout's `docs/writing-a-feature.md` ("A plugin in its own package") and `docs/api/` (the API
            reference of FeatureHostCore, DataSources, TerminalUI, WebUI, FeatureHostTesting and FeatureHostPluginKit).

            """#
    }

    /// A path inside a Swift string literal.
    static func swiftString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
