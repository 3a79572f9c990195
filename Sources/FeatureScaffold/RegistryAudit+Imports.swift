import Foundation

extension RegistryAudit {
    /// Every import under `Features/` that breaks the rules, one sentence each naming the file and the rule.
    public static func importProblems(in package: URL) -> [String] {
        let bundles = bundleNames(in: package)
        var problems: [String] = []
        for name in bundles {
            let (sources, tests) = targets(of: name, in: package)
            for target in sources {
                let folder = package.appendingPathComponent("Features/\(name)/Sources/\(target)")
                for file in swiftFiles(under: folder) {
                    let path = relativePath(file, in: package)
                    for module in imports(of: file) {
                        if let problem = sourceImportProblem(module, target: target, bundle: name, bundles: bundles) {
                            problems.append("\(path) imports \(module): \(problem)")
                        }
                    }
                }
            }
            for target in tests {
                let folder = package.appendingPathComponent("Features/\(name)/Tests/\(target)")
                for file in swiftFiles(under: folder) {
                    let path = relativePath(file, in: package)
                    for module in imports(of: file) {
                        if let problem = testImportProblem(module, bundle: name, bundles: bundles) {
                            problems.append("\(path) imports \(module): \(problem)")
                        }
                    }
                }
            }
        }
        return problems
    }

    /// Why `target` (a folder under `Features/<bundle>/Sources`) may not import `module`, or nil when it may.
    static func sourceImportProblem(_ module: String, target: String, bundle: String, bundles: [String]) -> String? {
        let featureModule = bundle + "Feature"
        var allowed = systemModules.union(featureTargetImports)
        var role = "\(featureModule) is surface-neutral: it imports only FeatureHostCore, DataSources, StrictJSON and system modules"
        if let surface = surfaces.first(where: { target == bundle + $0.key }) {
            allowed.formUnion([surface.value, featureModule])
            role = "\(target) imports only \(surface.value), \(featureModule), FeatureHostCore, DataSources, StrictJSON and system modules"
        }
        guard !allowed.contains(module), module != target else { return nil }
        if let other = feature(owning: module, bundles: bundles), other != bundle {
            return "a feature never imports another feature (\(other))."
        }
        if hostModules.contains(module) {
            return "a feature never imports the runtime or an executable; what it needs from the host comes through its FeatureContext."
        }
        if target == featureModule, surfaces.values.contains(module) {
            return
                "\(featureModule) is surface-neutral; the scene and everything that draws go in a surface target such as \(bundle)Terminal."
        }
        return role + "."
    }

    /// Why a test file of `bundle` may not import `module`, or nil when it may. Tests may use anything of their
    /// own bundle, the surfaces and FeatureHostTesting (whose `TestHost` builds contexts with the runtime);
    /// never another feature, the runtime or an executable.
    static func testImportProblem(_ module: String, bundle: String, bundles: [String]) -> String? {
        if let other = feature(owning: module, bundles: bundles), other != bundle {
            return "a feature's tests never import another feature (\(other))."
        }
        if runtimeModules.contains(module) {
            return
                "a feature's tests never import the runtime; TestHost (FeatureHostTesting) builds the feature's context as the host does, and a test of the host's assembly (config → launcher → feature) goes in Tests/FeatureHostEndToEndTests."
        }
        if executableModules.contains(module) {
            return
                "a feature's tests never import an executable; run it as a process (FeaturehostProcess) in Tests/FeatureHostEndToEndTests."
        }
        return nil
    }

    /// The bundle a module belongs to: `ChatsFeature`, `ChatsTerminal`, `ChatsFixtures` → `Chats`. Any `…Feature` or `…Fixtures`
    /// module counts, listed or not.
    static func feature(owning module: String, bundles: [String]) -> String? {
        for suffix in ["Feature", fixturesSuffix] + surfaces.keys.sorted() where module.hasSuffix(suffix) && module.count > suffix.count {
            let name = String(module.dropLast(suffix.count))
            if suffix == "Feature" || suffix == fixturesSuffix || bundles.contains(name) { return name }
        }
        return nil
    }

    static func imports(of file: URL) -> [String] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return importedModules(in: text)
    }

    /// The modules a Swift file imports: `import X`, `@testable import X`, `import struct X.Y`, also inside `#if`.
    public static func importedModules(in text: String) -> [String] {
        let pattern =
            #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
