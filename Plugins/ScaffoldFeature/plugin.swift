import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory scaffold-feature --name Weather [--id weather]`, or
/// `swift package --allow-writing-to-directory DIR scaffold-feature --plugin --name Weather --output DIR` for a plugin
/// in a package of its own.
/// Thin on purpose: plugin code can import only Foundation and PackagePlugin, so the templates, the checks
/// and the marked-region editing live in the FeatureScaffold library, run here through featurehost-scaffold.
@main
struct ScaffoldFeature: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "featurehost-scaffold")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["--package", context.package.directoryURL.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScaffoldFailed()
        }
    }
}

/// The tool has already printed why.
struct ScaffoldFailed: Error, CustomStringConvertible {
    var description: String { "scaffold-feature did not create the feature (see the message above)." }
}
