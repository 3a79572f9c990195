import Foundation

/// Writes a new feature bundle (see `Templates` for its layout) and registers it, editing only the marked
/// regions of Package.swift (one bundle line) and the registry (three imports, one type). Everything is checked before anything is written, and no existing file is ever overwritten.
public struct Scaffolder {
    public static let manifestFile = "Package.swift"
    public static let registryFile = "Sources/featurehost/BuiltInFeatures.swift"

    /// What a run did, relative to the package.
    public struct Result: Equatable, Sendable {
        public var created: [String]
        public var edited: [String]
    }

    public let package: URL

    public init(package: URL) { self.package = package }

    public func scaffold(_ names: FeatureNames) throws(ScaffoldError) -> Result {
        let manifest = try read(Self.manifestFile)
        let registry = try read(Self.registryFile)
        try checkNew(names, manifest: manifest, registry: registry)
        let newManifest = try MarkedRegion.features.inserting(Templates.packageLine(names), in: manifest, file: Self.manifestFile)
        var newRegistry = registry
        for line in Templates.importLines(names) {
            newRegistry = try MarkedRegion.imports.inserting(line, in: newRegistry, file: Self.registryFile)
        }
        newRegistry = try MarkedRegion.features.inserting(Templates.registryLine(names), in: newRegistry, file: Self.registryFile)
        let files = Templates.files(for: names)
        for file in files where FileManager.default.fileExists(atPath: url(file.path).path) {
            throw ScaffoldError("\(file.path) already exists; the scaffold never overwrites a file.")
        }
        for file in files { try create(file) }
        try replace(Self.manifestFile, with: newManifest)
        try replace(Self.registryFile, with: newRegistry)
        return Result(created: files.map(\.path), edited: [Self.manifestFile, Self.registryFile])
    }

    /// Refuses a name or id that a bundle, Package.swift or the registry already has.
    func checkNew(_ names: FeatureNames, manifest: String, registry: String) throws(ScaffoldError) {
        let bundle = "Features/\(names.name)"
        if FileManager.default.fileExists(atPath: url(bundle).path) {
            throw ScaffoldError("\(bundle) already exists: the feature \(names.name) is there; choose another --name.")
        }
        let bundles = try MarkedRegion.features.lines(in: manifest, file: Self.manifestFile)
        if bundles.contains(where: { RegistryAudit.bundleName(inPackageLine: $0) == names.name }) {
            throw ScaffoldError("\(names.name) is already listed in \(Self.manifestFile)'s featureBundles; choose another --name.")
        }
        let types = try MarkedRegion.features.lines(in: registry, file: Self.registryFile)
        let imports = RegistryAudit.importedModules(in: registry)
        if types.contains(Templates.registryLine(names)) || imports.contains(names.module) || imports.contains(names.terminalModule)
            || imports.contains(names.webModule)
        {
            throw ScaffoldError("\(names.module) is already registered in \(Self.registryFile); choose another --name.")
        }
        _ = try MarkedRegion.imports.lines(in: registry, file: Self.registryFile)
        if let owner = RegistryAudit.featureDeclaring(id: names.id, in: package) {
            throw ScaffoldError("the id \"\(names.id)\" is already used by \(owner); choose another with --id.")
        }
        // `--name Terminal` would declare TerminalFeature, which TerminalUI declares already.
        for type in Templates.declaredTypes(names) {
            if let file = Self.declaration(of: type, under: url("Sources"), in: package) {
                throw ScaffoldError(
                    "--name \(names.name) would declare \(type), and \(file) declares it already; choose another --name.")
            }
        }
    }

    /// The file under `directory` that declares a type (or protocol, or alias) named `type`, if any.
    static func declaration(of type: String, under directory: URL, in package: URL) -> String? {
        let pattern = #"(^|\s)(class|struct|enum|protocol|typealias|actor)\s+"# + type + #"\b"#
        for file in RegistryAudit.swiftFiles(under: directory) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            if text.range(of: pattern, options: .regularExpression) != nil { return RegistryAudit.relativePath(file, in: package) }
        }
        return nil
    }

    private func url(_ path: String) -> URL { package.appendingPathComponent(path) }

    private func read(_ path: String) throws(ScaffoldError) -> String {
        do {
            return try String(contentsOf: url(path), encoding: .utf8)
        } catch {
            throw ScaffoldError("cannot read \(path) in \(package.path): is --package the FeatureHost package?")
        }
    }

    private func create(_ file: Templates.File) throws(ScaffoldError) {
        let target = url(file.path)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: target, options: .withoutOverwriting)
        } catch {
            throw ScaffoldError("cannot create \(file.path): \(error.localizedDescription)")
        }
    }

    private func replace(_ path: String, with text: String) throws(ScaffoldError) {
        do {
            try Data(text.utf8).write(to: url(path), options: .atomic)
        } catch {
            throw ScaffoldError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
