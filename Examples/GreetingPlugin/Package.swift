// swift-tools-version: 6.1
import PackageDescription

// A FeatureHost feature built as a dynamic library and loaded at run time through the config's "plugins".
// Not part of the host's build: `swift build` here gives .build/debug/libGreeting.so (.dylib on macOS).
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
            dependencies: [.product(name: "FeatureHostPluginKit", package: "FeatureHost")]
        )
    ]
)
