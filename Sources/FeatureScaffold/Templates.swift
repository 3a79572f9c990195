/// The files of a new feature bundle, in the split layout every feature uses:
///
/// ```
/// Features/<Name>/
///   Sources/<Name>Feature/     <Name>Feature.swift, Domain/, Data/, Presenter/ (presenter, model, view state)
///   Sources/<Name>Terminal/    <Name>Feature+Terminal.swift, Scene/ (<Name>TerminalScene)
///   Sources/<Name>Web/         <Name>Feature+Web.swift, Scene/ (<Name>WebScene, <Name>WebAction), Resources/<id>.css
///   Tests/<Name>FeatureTests/  presenter tests
///   Tests/<Name>TerminalTests/ scene tests and Golden/
///   Tests/<Name>WebTests/      web scene tests and Golden/
///   Tests/<Name>Fixtures/      what the three test targets share (the feature on a test host)
///   README.md
/// ```
///
/// The generated feature builds, passes its tests and runs in the shell as it is; its golden frame is exactly
/// what its scene renders at 80×24, its golden HTML what its web scene renders. Its types carry the suffixes
/// `RegistryAudit.namingProblems` checks, the same as every built-in's: `<Name>ViewState`, `<Name>Model`,
/// `<Name>Settings`, `<Name>TerminalScene`, `<Name>WebScene`, `<Name>WebAction`.
public enum Templates {
    public struct File: Equatable, Sendable {
        /// Relative to the package directory.
        public let path: String
        public let contents: String
    }

    public static func files(for names: FeatureNames) -> [File] {
        let root = "Features/\(names.name)"
        let featureSources = "\(root)/Sources/\(names.module)"
        let terminalSources = "\(root)/Sources/\(names.terminalModule)"
        let webSources = "\(root)/Sources/\(names.webModule)"
        return [
            File(path: "\(featureSources)/\(names.module).swift", contents: feature(names)),
            File(path: "\(featureSources)/Domain/Greeting.swift", contents: greeting(names)),
            File(path: "\(featureSources)/Data/\(names.name)Settings.swift", contents: settings(names)),
            File(path: "\(featureSources)/Presenter/\(names.name)Presenter.swift", contents: presenter(names)),
            File(path: "\(featureSources)/Presenter/\(names.name)Model.swift", contents: model(names)),
            File(path: "\(featureSources)/Presenter/\(names.name)ViewState.swift", contents: viewState(names)),
            File(path: "\(terminalSources)/\(names.module)+Terminal.swift", contents: terminalConformance(names)),
            File(path: "\(terminalSources)/Scene/\(names.name)TerminalScene.swift", contents: scene(names)),
            File(path: "\(webSources)/\(names.module)+Web.swift", contents: webConformance(names)),
            File(path: "\(webSources)/Scene/\(names.name)WebScene.swift", contents: webScene(names)),
            File(path: "\(webSources)/Scene/\(names.name)WebAction.swift", contents: webAction(names)),
            File(path: "\(webSources)/Resources/\(names.id).css", contents: webStylesheet(names)),
            File(path: "\(root)/Tests/\(names.testModule)/\(names.name)PresenterTests.swift", contents: presenterTests(names)),
            File(path: "\(root)/Tests/\(names.terminalTestModule)/\(names.name)SceneTests.swift", contents: sceneTests(names)),
            File(path: "\(root)/Tests/\(names.terminalTestModule)/Golden/main-80x24.txt", contents: golden(names)),
            File(path: "\(root)/Tests/\(names.webTestModule)/\(names.name)WebSceneTests.swift", contents: webSceneTests(names)),
            File(path: "\(root)/Tests/\(names.webTestModule)/Golden/main.html", contents: webGolden(names)),
            File(path: "\(root)/Tests/\(names.fixturesModule)/\(names.module)+TestHost.swift", contents: fixtures(names)),
            File(path: "\(root)/README.md", contents: readme(names)),
        ]
    }

    /// The line the feature adds to `featureBundles` in Package.swift; the manifest's generator makes the seven
    /// targets (feature, terminal, web, their tests and the fixtures they share) from it.
    public static func packageLine(_ names: FeatureNames) -> String { "(name: \"\(names.name)\", resources: false)," }
    /// The registry imports the three modules: the feature, the terminal module with its `TerminalFeature`
    /// conformance and the web module with its `WebFeature` conformance.
    public static func importLines(_ names: FeatureNames) -> [String] {
        ["import \(names.module)", "import \(names.terminalModule)", "import \(names.webModule)"]
    }
    public static func registryLine(_ names: FeatureNames) -> String { "\(names.module).self," }

    /// The modules and types the bundle declares under names made from the feature's name (its `Greeting` is
    /// its module's own).
    public static func declaredTypes(_ names: FeatureNames) -> [String] {
        [names.module, names.terminalModule, names.webModule]
            + ["Presenter", "ViewState", "Model", "Settings", "TerminalScene", "WebScene", "WebAction"].map { names.name + $0 }
    }

    /// `import` lines, sorted (the feature's own module sorts among the others by its name).
    static func imports(_ modules: String...) -> String {
        modules.sorted().map { "import \($0)" }.joined(separator: "\n")
    }

    /// The greeting the feature shows until its `greeting` setting says otherwise.
    static func defaultGreeting(_ names: FeatureNames) -> String { "Hello from \(names.title)" }
}
