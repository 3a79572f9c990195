import FeatureHostTesting
import Foundation

/// Where SwiftPM put the built executables, found from the running test bundle, so end-to-end tests can run
/// `featurehost` itself.
package enum ProductsDirectory {
    package static var url: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // macOS runs tests from inside `X.xctest/Contents/MacOS`; Linux runs `X.xctest` directly.
        while directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    package static func executable(_ name: String) -> URL { url.appendingPathComponent(name) }
}
