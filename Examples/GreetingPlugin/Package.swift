// swift-tools-version: 6.2
import PackageDescription

// A FeatureHost feature built as a dynamic library and loaded at run time through the config's "plugins".
// Not part of the host's build: `swift build` here gives .build/debug/libGreeting.so (.dylib on macOS) and, beside it,
// GreetingPlugin_GreetingPlugin.resources (its stylesheet); `swift test` runs its tests with FeatureHostTesting.
let package = Package(
    name: "GreetingPlugin",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Greeting", type: .dynamic, targets: ["GreetingPlugin"])
    ],
    dependencies: [
        .package(name: "FeatureHost", path: "../..")
    ],
    targets: [
        .target(
            name: "GreetingPlugin",
            dependencies: [.product(name: "FeatureHostPluginKit", package: "FeatureHost")],
            resources: [.process("Resources")]
        ),
        .testTarget(
            name: "GreetingPluginTests",
            dependencies: ["GreetingPlugin", .product(name: "FeatureHostTesting", package: "FeatureHost")]
        ),
    ]
)

// Every target with the upcoming features FeatureHost's own targets use (docs/architecture.md, "Swift settings and
// locks"): `any` on every existential, and a module's members used only where the file imports it.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
