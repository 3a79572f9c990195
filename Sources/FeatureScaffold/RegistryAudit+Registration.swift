import Foundation

extension RegistryAudit {
    /// Bundles, Package.swift's featureBundles and the registry agree: each bundle is listed, registered and
    /// imported (its terminal and web modules too, when it has them), and nothing is listed without a bundle.
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
                problems.append(
                    "Features/\(name) is not in \(Scaffolder.manifestFile)'s featureBundles: add (name: \"\(name)\", resources: …), between the scaffold-feature markers."
                )
            }
            if !types.contains(module) {
                problems.append(
                    "Features/\(name) is not registered in \(Scaffolder.registryFile): add \(module).self, between the scaffold-feature markers."
                )
            }
            if !imports.contains(module) {
                problems.append("\(Scaffolder.registryFile) does not import \(module).")
            }
            if hasTerminalTarget(name, in: package), !imports.contains(name + "Terminal") {
                problems.append("\(Scaffolder.registryFile) does not import \(name)Terminal, which makes \(module) a terminal feature.")
            }
            if hasWebTarget(name, in: package), !imports.contains(name + "Web") {
                problems.append("\(Scaffolder.registryFile) does not import \(name)Web, which makes \(module) a web feature.")
            }
        }
        for name in listed where !bundles.contains(name) {
            problems.append("\(Scaffolder.manifestFile) lists the feature bundle \(name), but Features/\(name) does not exist.")
        }
        for module in types where !bundles.contains(String(module.dropLast("Feature".count))) {
            problems.append(
                "\(Scaffolder.registryFile) registers \(module), but Features/\(module.dropLast("Feature".count)) does not exist.")
        }
        for module in imports {
            for surface in ["Terminal", "Web"] where module.hasSuffix(surface) {
                let name = String(module.dropLast(surface.count))
                let exists = surface == "Web" ? hasWebTarget(name, in: package) : hasTerminalTarget(name, in: package)
                if bundles.contains(name), !exists {
                    problems.append("\(Scaffolder.registryFile) imports \(module), but Features/\(name)/Sources/\(module) does not exist.")
                }
            }
        }
        return problems
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
}
