import Foundation

/// The repository's registration rules, checked from its files: every bundle under `Features/` is listed in
/// Package.swift's featureBundles and in the registry (type and import), every listed feature has a bundle,
/// and no feature imports another feature, the runtime or the executable.
public enum RegistryAudit {
    /// The modules a feature may import, besides its own.
    public static let allowedImports: Set<String> = [
        "FeatureHostCore", "DataSources", "TerminalUI", "Foundation", "FoundationNetworking", "Dispatch",
        "Synchronization", "Observation", "Glibc", "Darwin",
    ]

    /// Every problem, one sentence each; empty when the repository follows the rules.
    public static func problems(in package: URL) throws(ScaffoldError) -> [String] {
        try registrationProblems(in: package) + importProblems(in: package)
    }

    public static func registrationProblems(in package: URL) throws(ScaffoldError) -> [String] {
        let manifest = try read(Scaffolder.manifestFile, in: package)
        let registry = try read(Scaffolder.registryFile, in: package)
        let bundles = Set(bundleNames(in: package))
        let listed = try MarkedRegion.features.lines(in: manifest, file: Scaffolder.manifestFile).compactMap(bundleName(inPackageLine:))
        let types = try MarkedRegion.features.lines(in: registry, file: Scaffolder.registryFile).compactMap(registeredModule(inLine:))
        let imports = importedModules(in: registry)
        var problems: [String] = []
        for name in bundles.sorted() {
            let module = name + "Feature"
            if !listed.contains(name) {
                problems.append("Features/\(name) is not in \(Scaffolder.manifestFile)'s featureBundles: add (name: \"\(name)\", resources: …), between the scaffold-feature markers.")
            }
            if !types.contains(module) {
                problems.append("Features/\(name) is not registered in \(Scaffolder.registryFile): add \(module).self, between the scaffold-feature markers.")
            }
            if !imports.contains(module) {
                problems.append("\(Scaffolder.registryFile) does not import \(module).")
            }
        }
        for name in listed where !bundles.contains(name) {
            problems.append("\(Scaffolder.manifestFile) lists the feature bundle \(name), but Features/\(name) does not exist.")
        }
        for module in types where !bundles.contains(String(module.dropLast("Feature".count))) {
            problems.append("\(Scaffolder.registryFile) registers \(module), but Features/\(module.dropLast("Feature".count)) does not exist.")
        }
        return problems
    }

    /// Imports in `Features/*/Sources/**/*.swift` outside the allowed set and the feature's own module.
    public static func importProblems(in package: URL) -> [String] {
        var problems: [String] = []
        for name in bundleNames(in: package) {
            let sources = package.appendingPathComponent("Features/\(name)/Sources")
            for file in swiftFiles(under: sources) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                let relative = file.path.replacingOccurrences(of: package.standardizedFileURL.path + "/", with: "")
                for module in importedModules(in: text) where !allowedImports.contains(module) && module != name + "Feature" {
                    problems.append("\(relative) imports \(module); a feature imports only \(allowedImports.sorted().joined(separator: ", ")) and its own module.")
                }
            }
        }
        return problems
    }

    /// The folders under `Features/`.
    public static func bundleNames(in package: URL) -> [String] {
        let features = package.appendingPathComponent("Features")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: features.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: features.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// `(name: "Weather", resources: false),` → `Weather`.
    public static func bundleName(inPackageLine line: String) -> String? {
        guard let range = line.range(of: #"name:\s*"([A-Za-z0-9_]+)""#, options: .regularExpression) else { return nil }
        return line[range].split(separator: "\"").dropFirst().first.map(String.init)
    }

    /// `WeatherFeature.self,` → `WeatherFeature`.
    static func registeredModule(inLine line: String) -> String? {
        guard line.hasSuffix(".self,") || line.hasSuffix(".self") else { return nil }
        return line.components(separatedBy: ".self").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The modules a Swift file imports: `import X`, `@testable import X`, `import struct X.Y`, also inside `#if`.
    public static func importedModules(in text: String) -> [String] {
        let pattern = #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
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

    static func swiftFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    private static func read(_ path: String, in package: URL) throws(ScaffoldError) -> String {
        do {
            return try String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw ScaffoldError("cannot read \(path) in \(package.path).")
        }
    }
}
