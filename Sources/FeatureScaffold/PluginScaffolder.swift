import Foundation

/// Writes a plugin package (`Templates.pluginFiles`) into a new folder outside the FeatureHost checkout, depending
/// on the checkout by its absolute path. Nothing in the checkout changes. Everything is checked before anything is
/// written, and no existing file is ever overwritten: the folder must be new or empty.
public struct PluginScaffolder {
    /// The FeatureHost checkout the package depends on.
    public let host: URL
    /// The new package's folder.
    public let output: URL
    /// `so` on Linux, `dylib` on macOS: the library file the generated config names.
    public let libraryExtension: String

    public init(host: URL, output: URL, libraryExtension: String = PluginScaffolder.defaultLibraryExtension) {
        self.host = host.standardizedFileURL
        self.output = output.standardizedFileURL
        self.libraryExtension = libraryExtension
    }

    #if canImport(Darwin)
        public static let defaultLibraryExtension = "dylib"
    #else
        public static let defaultLibraryExtension = "so"
    #endif

    /// Writes the package; the paths created are relative to `output`.
    public func scaffold(_ names: FeatureNames) throws(ScaffoldError) -> Scaffolder.Result {
        try check(names)
        let files = Templates.pluginFiles(for: names, host: host.path, libraryExtension: libraryExtension)
        for file in files { try create(file) }
        return Scaffolder.Result(created: files.map(\.path), edited: [])
    }

    /// Refuses a folder that is inside the checkout or not empty, and a name or id the checkout already uses: the
    /// plugin's modules share one build graph with the host's targets, and its feature id the host's registry.
    func check(_ names: FeatureNames) throws(ScaffoldError) {
        let manifest: String
        do {
            manifest = try String(contentsOf: host.appendingPathComponent(Scaffolder.manifestFile), encoding: .utf8)
        } catch {
            throw ScaffoldError("cannot read Package.swift in \(host.path): is --package the FeatureHost package?")
        }
        guard manifest.contains(#"name: "FeatureHost""#) else {
            throw ScaffoldError("\(host.path) is not the FeatureHost package (its Package.swift names another package).")
        }
        let hostPath = host.path.hasSuffix("/") ? host.path : host.path + "/"
        if output.path == host.path || output.path.hasPrefix(hostPath) {
            throw ScaffoldError(
                "--output \(output.path) is inside the FeatureHost checkout; a plugin is a package of its own: write it outside, "
                    + "e.g. --output \(host.deletingLastPathComponent().appendingPathComponent(Templates.pluginPackage(names)).path).")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ScaffoldError("--output \(output.path) is a file, not a folder.") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            guard contents.isEmpty else {
                throw ScaffoldError(
                    "--output \(output.path) is not empty (it holds \(contents.sorted().prefix(3).joined(separator: ", "))"
                        + "\(contents.count > 3 ? ", …" : "")); the scaffold never overwrites a file: choose a new folder.")
            }
        }
        if let owner = RegistryAudit.featureDeclaring(id: names.id, in: host) {
            throw ScaffoldError(
                "the id \"\(names.id)\" is already used by \(owner), and the host refuses a plugin whose id it knows; choose another with --id."
            )
        }
        let taken = Self.targetNames(in: host)
        for module in [names.name] + Templates.pluginModules(names) where taken.contains(module) {
            throw ScaffoldError(
                "--name \(names.name) would make the module or product \(module), and the FeatureHost package has a target of that name; "
                    + "choose another --name.")
        }
        for type in Templates.declaredTypes(names) {
            if let file = Scaffolder.declaration(of: type, under: host.appendingPathComponent("Sources"), in: host) {
                throw ScaffoldError(
                    "--name \(names.name) would declare \(type), and \(file) declares it already; choose another --name.")
            }
        }
    }

    /// The host package's target names: its `Sources/` and `Tests/` folders and each feature bundle's targets.
    static func targetNames(in host: URL) -> Set<String> {
        var names = Set(RegistryAudit.subfolders(of: host.appendingPathComponent("Sources")))
        names.formUnion(RegistryAudit.subfolders(of: host.appendingPathComponent("Tests")))
        for bundle in RegistryAudit.bundleNames(in: host) {
            let (sources, tests) = RegistryAudit.targets(of: bundle, in: host)
            names.formUnion(sources)
            names.formUnion(tests)
        }
        return names
    }

    private func create(_ file: Templates.File) throws(ScaffoldError) {
        let target = output.appendingPathComponent(file.path)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: target, options: .withoutOverwriting)
        } catch {
            throw ScaffoldError("cannot create \(target.path): \(error.localizedDescription)")
        }
    }
}
