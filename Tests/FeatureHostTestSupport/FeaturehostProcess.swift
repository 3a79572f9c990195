import FeatureHostTesting
import Foundation

/// The built `featurehost` executable, run as a separate process the way a user runs it: in a folder of the
/// test's own, with its data directory inside that folder, and without the caller's `FEATUREHOST_CONFIG`, so
/// the folder's `featurehost.json` (or the built-in default) is what it reads.
package struct FeaturehostProcess: Sendable {
    /// The working directory; the data directory is its `data` subfolder.
    package let directory: URL
    /// The environment every run gets.
    package var environment: [String: String]

    /// - Parameter extraEnvironment: added to the inherited environment, e.g. `["NO_COLOR": "1"]`.
    package init(in directory: URL, extraEnvironment: [String: String] = [:]) {
        self.directory = directory
        var environment = ProcessInfo.processInfo.environment
        environment["FEATUREHOST_CONFIG"] = nil
        environment["FEATUREHOST_DATA_DIR"] = directory.appendingPathComponent("data").path
        environment.merge(extraEnvironment) { _, extra in extra }
        self.environment = environment
    }

    package static var executable: URL { ProductsDirectory.executable("featurehost") }

    /// Runs `featurehost` with `arguments` to completion.
    package func run(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(Self.executable, arguments, environment: environment, currentDirectory: directory)
    }

    package func run(_ arguments: String...) async throws -> ProcessResult { try await run(arguments) }
}
