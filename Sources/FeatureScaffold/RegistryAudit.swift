import Foundation

/// The repository's architecture rules, checked from its files:
///
/// - registration: every bundle under `Features/` is listed in Package.swift's featureBundles and in the
///   registry (its type, and an import of each of its modules), and every listed feature has a bundle;
/// - imports: a `<Name>Feature` target imports FeatureHostCore, DataSources, StrictJSON and system modules only, never
///   a surface module; a `<Name>Terminal` target may add TerminalUI and its own `<Name>Feature`; nothing
///   under `Features/`, test targets included, imports another feature, the runtime or an executable;
/// - layout: the target folders the package generator knows, and one folder vocabulary inside them;
/// - naming: one type suffix per role (`<Name>ViewState`, `…Client` with `Live…` and `InMemory…`, `…Model`,
///   `<Name>Settings`, `<Name>WebAction`, `<Name>TerminalScene`, `<Name>KeyMap`, drawing types `…View`).
public enum RegistryAudit {
    /// Platform modules any target may import.
    public static let systemModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Synchronization", "Observation",
        "Glibc", "Musl", "Darwin",
    ]
    /// What a surface-neutral `<Name>Feature` target may import besides system modules.
    public static let featureTargetImports: Set<String> = ["FeatureHostCore", "DataSources", "StrictJSON"]
    /// Each surface target's suffix and the one surface module it adds: `<Name>Terminal` adds TerminalUI.
    public static let surfaces: [String: String] = ["Terminal": "TerminalUI", "Web": "WebUI"]
    /// The runtime: what the host assembles features with, never what a feature or its tests import (tests get
    /// their contexts from FeatureHostTesting's `TestHost`, through `FeatureContext.standard` as the runtime does).
    public static let runtimeModules: Set<String> = ["FeatureHostRuntime", "TerminalPluginBridge", "WebPluginBridge", "FeatureHostApp"]
    /// The executables, which tests run as processes.
    public static let executableModules: Set<String> = ["featurehost", "featurehost_bench", "featurehost_scaffold"]
    /// The runtime and the executables.
    public static let hostModules: Set<String> = runtimeModules.union(executableModules)

    /// Every problem, one sentence each; empty when the repository follows the rules.
    public static func problems(in package: URL) throws(ScaffoldError) -> [String] {
        try registrationProblems(in: package) + importProblems(in: package) + layoutProblems(in: package)
            + namingProblems(in: package)
    }

    /// The folders under `Features/`.
    public static func bundleNames(in package: URL) -> [String] {
        subfolders(of: package.appendingPathComponent("Features"))
    }

    /// The target folders of a bundle: `Sources/*` and `Tests/*`.
    static func targets(of bundle: String, in package: URL) -> (sources: [String], tests: [String]) {
        let root = package.appendingPathComponent("Features/\(bundle)")
        return (subfolders(of: root.appendingPathComponent("Sources")), subfolders(of: root.appendingPathComponent("Tests")))
    }

    /// True when the bundle has a terminal target (the split layout).
    public static func hasTerminalTarget(_ bundle: String, in package: URL) -> Bool {
        targets(of: bundle, in: package).sources.contains(bundle + "Terminal")
    }

    public static func hasWebTarget(_ bundle: String, in package: URL) -> Bool {
        targets(of: bundle, in: package).sources.contains(bundle + "Web")
    }

    /// The bundle file that declares a manifest with `id`, if any: `id: "weather"` in a feature's sources.
    public static func featureDeclaring(id: String, in package: URL) -> String? {
        let needle = "id: \"\(id)\""
        for name in bundleNames(in: package) {
            for file in swiftFiles(under: package.appendingPathComponent("Features/\(name)/Sources")) {
                if let text = try? String(contentsOf: file, encoding: .utf8), text.contains(needle) {
                    return "Features/\(name) (\(file.lastPathComponent))"
                }
            }
        }
        return nil
    }

    static func subfolders(of directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    static func swiftFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func relativePath(_ file: URL, in package: URL) -> String {
        file.standardizedFileURL.path.replacingOccurrences(of: package.standardizedFileURL.path + "/", with: "")
    }

    static func read(_ path: String, in package: URL) throws(ScaffoldError) -> String {
        do {
            return try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ScaffoldError("cannot read \(path) in \(package.path).")
        }
    }
}
