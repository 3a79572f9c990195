// swift-tools-version: 6.2
import PackageDescription

// MARK: features
// One entry per bundle under Features/<Name>: Sources/<Name>Feature (surface-neutral), Sources/<Name>Terminal and
// Sources/<Name>Web (the web scene, its CSS and files under Resources/), each with its test target under Tests/.
let featureBundles: [(name: String, resources: Bool)] = [
    // scaffold-feature: begin
    (name: "OfferCountdown", resources: false),
    (name: "CarNews", resources: true),
    (name: "Chats", resources: true),
    (name: "Invitations", resources: false),
    (name: "Transactions", resources: true),
    // scaffold-feature: end
]

/// What a `<Name>Feature` module imports besides FeatureHostCore, where that is not DataSources (the default, which a
/// new bundle gets): each links only what it uses (the offer reads no data source and no SQLite).
let featureImports: [String: [Target.Dependency]] = ["OfferCountdown": [], "Invitations": ["StrictJSON"]]

/// Every feature's modules, for the targets that compose them (the executable, the bench, end-to-end tests).
var featureModules: [Target.Dependency] {
    featureBundles.flatMap { bundle -> [Target.Dependency] in
        [.target(name: "\(bundle.name)Feature"), .target(name: "\(bundle.name)Terminal"), .target(name: "\(bundle.name)Web")]
    }
}

/// One library product per feature module (`<Name>Feature`, `<Name>Terminal`, `<Name>Web`), so an app can depend
/// on a feature and the surfaces it wants.
var featureProducts: [Product] {
    featureBundles.flatMap { bundle -> [Product] in
        ["Feature", "Terminal", "Web"].map { role in .library(name: bundle.name + role, targets: [bundle.name + role]) }
    }
}

var featureTargets: [Target] {
    featureBundles.flatMap { bundle -> [Target] in
        let feature = "\(bundle.name)Feature"
        let terminal = "\(bundle.name)Terminal"
        let fixtures = "\(bundle.name)Fixtures"
        return [
            // Surface-neutral: never a surface module (RegistryAudit checks the imports).
            .target(
                name: feature, dependencies: ["FeatureHostCore"] + (featureImports[bundle.name] ?? ["DataSources"]),
                path: "Features/\(bundle.name)/Sources/\(feature)", resources: bundle.resources ? [.process("Resources")] : nil),
            .target(
                name: terminal, dependencies: [.target(name: feature), "FeatureHostCore", "TerminalUI"],
                path: "Features/\(bundle.name)/Sources/\(terminal)"),
            // What the feature's three test targets share (the feature on a test host, its sample data): `package`
            // declarations, so each test target imports it rather than copying it.
            .target(
                name: fixtures,
                dependencies: [.target(name: feature), "FeatureHostCore", "FeatureHostTesting"]
                    + (featureImports[bundle.name] ?? ["DataSources"]),
                path: "Features/\(bundle.name)/Tests/\(fixtures)"),
            .testTarget(
                name: "\(feature)Tests", dependencies: [.target(name: feature), .target(name: fixtures), "FeatureHostTesting"],
                path: "Features/\(bundle.name)/Tests/\(feature)Tests"),
            .testTarget(
                name: "\(terminal)Tests",
                dependencies: [.target(name: terminal), .target(name: feature), .target(name: fixtures), "FeatureHostTesting"],
                path: "Features/\(bundle.name)/Tests/\(terminal)Tests", exclude: ["Golden"]),
        ] + webTargets(bundle.name)
    }
}

func webTargets(_ name: String) -> [Target] {
    let feature = "\(name)Feature"
    let web = "\(name)Web"
    return [
        .target(
            name: web, dependencies: [.target(name: feature), "FeatureHostCore", "WebUI"],
            path: "Features/\(name)/Sources/\(web)", resources: [.process("Resources")]),
        .testTarget(
            name: "\(web)Tests",
            dependencies: [
                .target(name: web), .target(name: feature), .target(name: "\(name)Fixtures"), "WebUI", "WebUITesting", "FeatureHostTesting",
            ],
            path: "Features/\(name)/Tests/\(web)Tests", exclude: ["Golden"]),
    ]
}

let package = Package(
    name: "FeatureHost",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "featurehost", targets: ["featurehost"]),
        .executable(name: "featurehost-bench", targets: ["featurehost-bench"]),
        // The process each plugin library runs in (docs/architecture.md); the host finds it beside its own executable.
        .executable(name: "featurehost-plugin-host", targets: ["featurehost-plugin-host"]),
        // What a dynamic plugin package depends on (Examples/GreetingPlugin); it links its own static copy.
        .library(
            name: "FeatureHostPluginKit",
            targets: ["FeatureHostPluginKit", "FeatureHostCore", "DataSources", "TerminalUI", "WebHTML", "WebServer", "WebUI"]),
        // What an app or a plugin package builds on (docs/writing-a-feature.md, "A plugin in its own package"): the core,
        // the data sources (with `FeatureContext.standard`), each surface's kit, and the testing library.
        .library(name: "FeatureHostCore", targets: ["FeatureHostCore"]),
        .library(name: "DataSources", targets: ["DataSources"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "WebUI", targets: ["WebUI"]),
        // The web kit's lower two parts, for an app that wants only the typed HTML or only the server.
        .library(name: "WebHTML", targets: ["WebHTML"]),
        .library(name: "WebServer", targets: ["WebServer"]),
        .library(name: "FeatureHostTesting", targets: ["FeatureHostTesting"]),
        // What a plugin or app author tests a web scene with, as the repository does: a recording ResponseSink, a raw
        // HTTP client, a server clock the test moves.
        .library(name: "WebUITesting", targets: ["WebUITesting"]),
        // The whole host for an app's own name and features in one call (docs/embedding.md), and the runtime under it
        // for an app that builds its own surface: config loading and validation, the registry, plugins, HostSession.
        .library(name: "FeatureHostApp", targets: ["FeatureHostApp"]),
        .library(name: "FeatureHostRuntime", targets: ["FeatureHostRuntime"]),
        // The plugin tests' counter as a real library, so they drive the kit's tables in its own process.
        .library(name: "PluginCounter", type: .dynamic, targets: ["PluginCounterLibrary"]),
    ] + featureProducts,
    targets: [
        // MARK: core
        .target(name: "FeatureHostCore"),
        // The one strict JSON reader, with limits: the config (FeatureHostRuntime) and the page events (WebUI).
        .target(name: "StrictJSON"),

        // MARK: data
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // libcurl for the live HTTP transport, loaded with dlopen (no curl headers or development package needed).
        .target(name: "CFeatureHostCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "DataSources", dependencies: ["FeatureHostCore", "CSQLite", "CFeatureHostCurl", "StrictJSON"]),

        // PNG and JPEG to pixels, and scaling them: for a surface that draws pictures itself (the terminal).
        .target(name: "ImageDecoding"),

        // MARK: surface
        // Puts the user's terminal back when the host dies of a fatal signal (C: it runs in the signal handler).
        .target(name: "CTerminalRestore"),
        .target(name: "TerminalUI", dependencies: ["FeatureHostCore", "ImageDecoding", "CTerminalRestore"]),
        // The web surface: typed HTML, the HTTP/1.1 server, the live protocol, the page shell and its client script.
        // The web kit in three parts: the typed HTML, the HTTP/1.1 server, and the app (sessions, patches, the page
        // shell), which re-exports the other two.
        .target(name: "WebHTML", dependencies: ["FeatureHostCore"]),
        // A static answer's body as a sealed memfd, sent with sendfile (C: memfd_create is not in Swift's Glibc).
        .target(name: "CWebServerFile"),
        .target(name: "WebServer", dependencies: ["FeatureHostCore", "CWebServerFile"]),
        .target(
            name: "WebUI", dependencies: ["FeatureHostCore", "StrictJSON", "WebHTML", "WebServer"], resources: [.process("Resources")]),

        // MARK: plugin boundary
        // The C ABI both sides include; the JSON forms of manifest and context; the plugin's side of the table.
        .target(name: "CFeatureHostPluginABI"),
        .target(name: "FeatureHostPluginWire", dependencies: ["FeatureHostCore", "CFeatureHostPluginABI", "StrictJSON"]),
        // posix_spawn of the plugin's process, and the child's own hardening (C: prctl is variadic).
        .target(name: "CFeatureHostProcess"),
        // One per plugin library: loads it and serves its C table to the host over a socket (out of process).
        .executableTarget(
            name: "featurehost-plugin-host",
            dependencies: ["FeatureHostCore", "FeatureHostPluginWire", "CFeatureHostPluginABI", "CFeatureHostProcess"]),
        .target(
            name: "FeatureHostPluginKit",
            dependencies: ["FeatureHostCore", "DataSources", "TerminalUI", "WebUI", "FeatureHostPluginWire", "CFeatureHostPluginABI"]
        ),

        // MARK: host
        .target(
            name: "FeatureHostRuntime",
            dependencies: [
                "FeatureHostCore", "DataSources", "FeatureHostPluginWire", "CFeatureHostPluginABI", "StrictJSON", "CFeatureHostProcess",
            ]
        ),
        // The host's side of the table: a loaded plugin as a TerminalFeature.
        .target(
            name: "TerminalPluginBridge",
            dependencies: [
                "FeatureHostCore", "TerminalUI", "FeatureHostRuntime", "FeatureHostPluginWire", "CFeatureHostPluginABI",
            ]
        ),
        // The web surface's side: a plugin's web entry as a WebScene (its HTML rebuilt by ForeignMarkup).
        .target(
            name: "WebPluginBridge",
            dependencies: ["FeatureHostCore", "WebUI", "FeatureHostRuntime", "FeatureHostPluginWire", "TerminalPluginBridge"]
        ),
        // The testing library (a product): no runtime, so a plugin's or an app's tests link only what they use.
        .target(name: "FeatureHostTesting", dependencies: ["FeatureHostCore", "DataSources", "TerminalUI"]),
        .target(name: "WebUITesting", dependencies: ["FeatureHostCore", "WebUI"]),
        // What only this repository's tests and bench use (processes, plugin stubs, hostile servers): `package`
        // declarations no product exports. Not a product.
        .target(
            name: "FeatureHostTestSupport", dependencies: ["FeatureHostCore", "FeatureHostTesting"], path: "Tests/FeatureHostTestSupport"),
        // This repository's tests of the host's assembly: a TestHost as a HostEnvironment. Not a product.
        .target(
            name: "FeatureHostRuntimeTesting", dependencies: ["FeatureHostCore", "FeatureHostRuntime", "FeatureHostTesting"],
            path: "Tests/FeatureHostRuntimeTesting"),
        // The command line (shell, serve, snapshot, list, validate, store) for an app's name and feature list. It depends
        // on the plugin process's executable so that an app's build makes it too: the host finds it beside its own.
        .target(
            name: "FeatureHostApp",
            dependencies: [
                "FeatureHostCore", "DataSources", "TerminalUI", "WebUI", "FeatureHostRuntime", "TerminalPluginBridge", "WebPluginBridge",
                "featurehost-plugin-host",
            ]
        ),
        // FeatureHostApp over the five built-in features: main.swift and the feature list only.
        .executableTarget(name: "featurehost", dependencies: ["FeatureHostCore", "FeatureHostApp"] + featureModules),
        .executableTarget(
            name: "featurehost-bench",
            dependencies: [
                "FeatureHostCore", "DataSources", "TerminalUI", "WebUI", "FeatureHostRuntime", "FeatureHostTesting",
                "FeatureHostTestSupport",
                "FeatureHostPluginKit", "TerminalPluginBridge", "ImageDecoding", "featurehost-plugin-host", "featurehost",
                "featurehost-hello", "featurehost-bench-floor",
            ]
                + featureModules
        ),
        // The start-up benchmark's anchor: a hello-world linked with Foundation, built as `featurehost` is. Not a product.
        .executableTarget(name: "featurehost-hello"),
        // The sessions benchmark's floor: one thread's wake-up a second and a 135-byte send per page. Not a product.
        .executableTarget(name: "featurehost-bench-floor"),

        // MARK: tools
        // `swift package --allow-writing-to-package-directory scaffold-feature --name Weather [--id weather]`, and
        // `swift package --allow-writing-to-directory DIR scaffold-feature --plugin --name Weather --output DIR`.
        .target(name: "FeatureScaffold", dependencies: ["FeatureHostCore"]),
        .executableTarget(name: "featurehost-scaffold", dependencies: ["FeatureScaffold"]),
        // Saves one kind of persistent state in a loop for the crash-save tests, which kill it with SIGKILL. Not a product.
        .executableTarget(
            name: "featurehost-savestress",
            dependencies: [
                "FeatureHostCore", "DataSources", "FeatureHostRuntime", "CarNewsFeature", "TransactionsFeature", "InvitationsFeature",
            ],
            path: "Tests/Tools/featurehost-savestress"
        ),
        .plugin(
            name: "ScaffoldFeature",
            // No declared permission: SwiftPM would then demand --allow-writing-to-package-directory for the plugin mode
            // too, which writes only its --output folder (--allow-writing-to-directory). Each mode's flag grants what it
            // writes (the package directory, or DIR) in the sandbox where there is one.
            capability: .command(
                intent: .custom(
                    verb: "scaffold-feature",
                    description: "Writes Features/<Name>/ and registers the new feature, or with --plugin a plugin package in --output."
                )
            ),
            dependencies: ["featurehost-scaffold"]
        ),

        // MARK: tests
        .testTarget(name: "FeatureHostCoreTests", dependencies: ["FeatureHostCore", "FeatureHostTesting"]),
        .testTarget(name: "DataSourcesTests", dependencies: ["DataSources", "FeatureHostTesting"]),
        .testTarget(name: "ImageDecodingTests", dependencies: ["ImageDecoding"], exclude: ["Fixtures"]),
        .testTarget(name: "FeatureHostRuntimeTests", dependencies: ["FeatureHostRuntime", "FeatureHostTesting"]),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "FeatureHostTesting"]),
        .testTarget(name: "WebUITests", dependencies: ["WebHTML", "WebServer", "WebUI", "WebUITesting", "FeatureHostTesting"]),
        .testTarget(
            name: "FeatureHostEndToEndTests",
            dependencies: [
                "FeatureHostRuntime", "FeatureHostTesting", "FeatureHostTestSupport", "FeatureHostRuntimeTesting", "FeatureHostApp",
                "featurehost",
                "featurehost-savestress", "featurehost-plugin-host",
            ]
                + featureModules
        ),
        .target(
            name: "PluginCounterLibrary", dependencies: ["FeatureHostPluginKit", "FeatureHostTesting", "WebUI"],
            path: "Tests/PluginCounterLibrary"),
        .testTarget(
            name: "FeatureHostPluginTests",
            dependencies: [
                "PluginCounterLibrary", "FeatureHostPluginKit", "TerminalPluginBridge", "WebPluginBridge", "FeatureHostRuntime",
                "FeatureHostPluginWire",
                "FeatureHostTesting", "FeatureHostTestSupport", "FeatureHostRuntimeTesting", "WebUI", "featurehost-plugin-host",
            ]
        ),
        .testTarget(name: "FeatureScaffoldTests", dependencies: ["FeatureScaffold", "FeatureHostTesting", "FeatureHostTestSupport"]),
        // A feature adopted by an app: only the products an app depends on, a context from `FeatureContext.standard`.
        .testTarget(name: "AppEmbeddingTests", dependencies: ["TransactionsFeature", "DataSources", "FeatureHostCore"]),
    ] + featureTargets
)

// MARK: fuzzers
// libFuzzer targets, one per parser (docs/reliability.md). Only `Fuzz/run.sh` builds them, with
// FEATUREHOST_FUZZ=1 and `-sanitize=fuzzer,address`: libFuzzer supplies `main`, so without those flags they
// cannot link, and the normal build never sees them.
if Context.environment["FEATUREHOST_FUZZ"] == "1" {
    let fuzzers: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzConfig", ["FeatureHostCore", "FeatureHostRuntime"] + featureBundles.map { .target(name: "\($0.name)Feature") }),
        ("FuzzCarNewsFeed", ["CarNewsFeature"]),
        ("FuzzChats", ["ChatsFeature", "DataSources"]),
        ("FuzzTransactions", ["TransactionsFeature", "DataSources"]),
        ("FuzzInvitationReply", ["InvitationsFeature", "FeatureHostCore"]),
        ("FuzzKeyParser", ["TerminalUI"]),
        ("FuzzFrameCodec", ["TerminalUI"]),
        ("FuzzPluginWire", ["FeatureHostPluginWire"]),
        ("FuzzPluginChannel", ["FeatureHostPluginWire"]),
        ("FuzzHTTPRequest", ["WebUI"]),
        ("FuzzPageEvent", ["WebUI"]),
        ("FuzzForeignMarkup", ["WebUI"]),
        ("FuzzLiveDiff", ["WebUI"]),
        ("FuzzServerText", ["FeatureHostCore", "WebUI"]),
        ("FuzzPNG", ["ImageDecoding"]),
        ("FuzzJPEG", ["ImageDecoding"]),
        ("FuzzInflate", ["ImageDecoding"]),
        ("FuzzHostAddress", ["DataSources"]),
        ("FuzzImageFormat", ["DataSources"]),
        ("FuzzHostFiles", ["FeatureHostRuntime"]),
        ("FuzzResponseHead", ["DataSources"]),
        ("FuzzSettingsJournal", ["DataSources"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Targets/FuzzSupport"))
    for fuzzer in fuzzers {
        package.targets.append(
            .executableTarget(
                name: fuzzer.name, dependencies: ["FuzzSupport"] + fuzzer.dependencies, path: "Fuzz/Targets/\(fuzzer.name)",
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    }
}

// MARK: swift settings
// Every Swift target, test, executable and fuzzer alike (docs/architecture.md, "Swift settings"): `any` spelled out
// on every existential, and a module used only where the file imports it. Set here, after the targets and the
// fuzzers are all in, so no target is left out; the C and system-library targets have no Swift to check.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}

// MARK: thread sanitizer subset
// `FEATUREHOST_TSAN_SUBSET=1 swift test --sanitize=thread ...` (what `.ci/run` does): SwiftPM instruments every
// target, and the whole package is a second full build; this keeps only the test targets CI runs under TSan (core,
// data sources, runtime, both surfaces' shared modules, the plugin boundary) and what they depend on: half the build.
if Context.environment["FEATUREHOST_TSAN_SUBSET"] == "1" {
    var kept: Set<String> = [
        "FeatureHostCoreTests", "DataSourcesTests", "FeatureHostRuntimeTests", "TerminalUITests", "WebUITests", "FeatureHostPluginTests",
    ]
    let byName = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var pending = Array(kept)
    while let name = pending.popLast() {
        for dependency in byName[name]?.dependencies ?? [] {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _):
                if kept.insert(name).inserted { pending.append(name) }
            default: break
            }
        }
    }
    package.targets = package.targets.filter { kept.contains($0.name) }
    // The plugin tests load this library in its own process.
    package.products = package.products.filter { $0.name == "PluginCounter" }
    // The helper links TSan's runtime statically and exports only the entries its own libraries use; the instrumented
    // libPluginCounter.so it opens needs the rest (`__tsan_external_write`), so the helper exports them all here.
    for helper in package.targets where helper.name == "featurehost-plugin-host" {
        helper.linkerSettings = (helper.linkerSettings ?? []) + [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
    }
}
