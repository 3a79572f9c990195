import Foundation

extension RegistryAudit {
    /// The folders a `<Name>Feature` target holds: models and pure rules, decoding and sources and clients,
    /// the presenter with its view state, and bundled files.
    public static let featureFolders: Set<String> = ["Domain", "Data", "Presenter", "Resources"]
    /// The folders a surface target holds, besides its `<Name>Feature+<Surface>.swift` conformance: the scene,
    /// and for the web its stylesheets and files (served under `/assets/<id>/`).
    public static let surfaceFolders: [String: Set<String>] = ["Terminal": ["Scene"], "Web": ["Scene", "Resources"]]
    /// The suffix of the module beside a bundle's test targets that holds what they share (`ChatsFixtures`).
    public static let fixturesSuffix = "Fixtures"

    /// Target folders the package generator does not know, and folders outside the shared vocabulary.
    public static func layoutProblems(in package: URL) -> [String] {
        var problems: [String] = []
        for name in bundleNames(in: package) {
            let sources = "Features/\(name)/Sources"
            let known = [name + "Feature"] + surfaces.keys.sorted().map { name + $0 }
            let (targets, tests) = targets(of: name, in: package)
            if !targets.contains(name + "Feature") {
                problems.append("Features/\(name) has no \(sources)/\(name)Feature: every bundle has its surface-neutral target there.")
            }
            for target in targets {
                guard known.contains(target) else {
                    problems.append("\(sources)/\(target) is not a target folder: a bundle's sources are \(known.joined(separator: ", ")).")
                    continue
                }
                let allowed = target == name + "Feature" ? featureFolders : surfaceFolders[String(target.dropFirst(name.count))] ?? []
                for folder in subfolders(of: package.appendingPathComponent("\(sources)/\(target)")) where !allowed.contains(folder) {
                    problems.append(
                        "\(sources)/\(target)/\(folder) is not one of the folders a \(target.dropFirst(name.count)) target holds: \(allowed.sorted().joined(separator: ", "))."
                    )
                }
            }
            let testFolders = known.map { $0 + "Tests" } + [name + fixturesSuffix]
            for test in tests where !testFolders.contains(test) {
                problems.append(
                    "Features/\(name)/Tests/\(test) is not a test target folder: a bundle's tests are \(testFolders.joined(separator: ", "))."
                )
            }
        }
        return problems
    }
}
