// swift-tools-version: 6.2
import PackageDescription

// An app built on FeatureHost (docs/embedding.md): its own name, two of FeatureHost's features and one of its own,
// and FeatureHost's whole command line (shell, serve, snapshot, list, validate, store, config, plugins) in one call.
// Not part of the host's build: `swift build` here gives .build/debug/myapp (and featurehost-plugin-host beside it,
// for plugins); `swift test` runs the app feature's tests with FeatureHostTesting.
let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "myapp", targets: ["myapp"])
    ],
    dependencies: [
        .package(name: "FeatureHost", path: "../..")
    ],
    targets: [
        // The app's own feature: surface-neutral presenter and both scenes in one module (a feature of the app, not
        // a FeatureHost bundle, so it may be one target).
        .target(
            name: "TipsFeature",
            dependencies: [
                .product(name: "FeatureHostCore", package: "FeatureHost"), .product(name: "TerminalUI", package: "FeatureHost"),
                .product(name: "WebUI", package: "FeatureHost"),
            ]
        ),
        .executableTarget(
            name: "myapp",
            dependencies: [
                "TipsFeature",
                .product(name: "FeatureHostApp", package: "FeatureHost"),
                .product(name: "OfferCountdownFeature", package: "FeatureHost"),
                .product(name: "OfferCountdownTerminal", package: "FeatureHost"),
                .product(name: "OfferCountdownWeb", package: "FeatureHost"),
                .product(name: "TransactionsFeature", package: "FeatureHost"),
                .product(name: "TransactionsTerminal", package: "FeatureHost"),
                .product(name: "TransactionsWeb", package: "FeatureHost"),
            ]
        ),
        .testTarget(
            name: "TipsFeatureTests",
            dependencies: [
                "TipsFeature", .product(name: "FeatureHostTesting", package: "FeatureHost"),
                .product(name: "TerminalUI", package: "FeatureHost"), .product(name: "WebUI", package: "FeatureHost"),
            ]
        ),
    ]
)

// The upcoming features FeatureHost's own targets use: `any` on every existential, and a module's members used only
// where the file imports it.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
