import Foundation

extension RegistryAudit {
    /// The type suffixes every bundle uses for the same role, so a plugin author who copies a built-in copies the
    /// convention:
    ///
    /// - the view state is a top-level `<Name>ViewState` (a presenter may keep `typealias ViewState = …`), its parts
    ///   `…State`, never `…View`;
    /// - an I/O client is a protocol `…Client` with `Live…Client` and `InMemory…Client` siblings;
    /// - "Store" is the core's alone (`KeyValueStore`, `PlistFileStore`): in-memory state is `…Model`, an I/O seam
    ///   `…Client`, SQLite access `…Database`;
    /// - the settings, read from `FeatureSettings`, are `<Name>Settings` in `Data/<Name>Settings.swift`;
    /// - the web scene's `data-action` names are a `<Name>WebAction` enum (`name`, `init?(name:)`), never literals;
    /// - the scenes are `<Name>TerminalScene` and `<Name>WebScene`, a key map is `<Name>KeyMap`, and a terminal
    ///   type that draws into a `Frame` is a `…View`.
    public static func namingProblems(in package: URL) -> [String] {
        var problems: [String] = []
        for name in bundleNames(in: package) {
            let sources = package.appendingPathComponent("Features/\(name)/Sources")
            let feature = declarations(under: sources.appendingPathComponent(name + "Feature"), in: package)
            let terminal = declarations(under: sources.appendingPathComponent(name + "Terminal"), in: package)
            let web = declarations(under: sources.appendingPathComponent(name + "Web"), in: package)
            let all = feature + terminal + web
            problems += viewStateProblems(name, feature) + feature.compactMap(viewInFeatureProblem)
            problems += clientProblems(feature)
            problems += all.compactMap(storeProblem)
            problems += settingsProblems(name, feature)
            problems += sceneProblems(name, terminal, conformance: "TerminalScene", suffix: "TerminalScene")
            problems += sceneProblems(name, web, conformance: "WebScene", suffix: "WebScene")
            problems += terminal.compactMap { drawingProblem(name, $0) } + terminal.compactMap { keyMapProblem(name, $0) }
            problems += webActionProblems(name, web)
        }
        return problems
    }

    /// A type declared in a bundle's source file: its name, whether it is top-level, and its declaration line.
    struct Declaration {
        var path: String
        var fileText: String
        var name: String
        var kind: String
        var isTopLevel: Bool
        var line: String
    }

    static let viewStateNote =
        "the view state is a top-level <Name>ViewState (a presenter may keep `typealias ViewState = <Name>ViewState`)"

    static func viewStateProblems(_ name: String, _ feature: [Declaration]) -> [String] {
        var problems = feature.filter { !$0.isTopLevel && $0.name == "ViewState" && $0.kind != "typealias" }.map {
            "\($0.path) nests a ViewState type: \(viewStateNote.replacingOccurrences(of: "<Name>", with: name))."
        }
        let presenters = feature.filter { $0.isTopLevel && conforms($0, to: "Presenter") }
        if !presenters.isEmpty, !feature.contains(where: { $0.isTopLevel && $0.name == name + "ViewState" }) {
            problems.append(
                "Features/\(name)/Sources/\(name)Feature has a presenter but no top-level \(name)ViewState: "
                    + "\(viewStateNote.replacingOccurrences(of: "<Name>", with: name)).")
        }
        return problems
    }

    /// `…View` is a terminal drawing type; the surface-neutral module has none (a part of the view state is `…State`).
    static func viewInFeatureProblem(_ declaration: Declaration) -> String? {
        guard declaration.isTopLevel, declaration.kind != "extension", declaration.name.hasSuffix("View") else { return nil }
        return "\(declaration.path) declares \(declaration.name): View names a terminal drawing type, never a type of "
            + "the surface-neutral module; name a part of the view state …State (e.g. \(declaration.name.dropLast(4))State)."
    }

    static func clientProblems(_ feature: [Declaration]) -> [String] {
        var problems: [String] = []
        for declaration in feature where declaration.isTopLevel {
            guard let prefix = ["Live", "InMemory"].first(where: { startsWord(declaration.name, $0) }) else { continue }
            let base = String(declaration.name.dropFirst(prefix.count))
            if !base.hasSuffix("Client") {
                problems.append(
                    "\(declaration.path) declares \(declaration.name): an I/O client's name ends in Client "
                        + "(a protocol …Client with Live…Client and InMemory…Client siblings), e.g. \(prefix)\(stem(base))Client.")
            } else if !feature.contains(where: { $0.isTopLevel && $0.kind == "protocol" && $0.name == base }) {
                problems.append(
                    "\(declaration.path) declares \(declaration.name), but the feature declares no protocol \(base): "
                        + "Live…Client and InMemory…Client are siblings conforming to one …Client protocol.")
            }
        }
        return problems
    }

    static func storeProblem(_ declaration: Declaration) -> String? {
        guard declaration.isTopLevel, declaration.kind != "extension",
            let suffix = ["Store", "Storage", "Backend"].first(where: { declaration.name.hasSuffix($0) })
        else { return nil }
        return "\(declaration.path) declares \(declaration.name): a feature's types do not end in \(suffix) "
            + "(\"Store\" is the core's KeyValueStore and PlistFileStore); name in-memory state …Model, "
            + "an I/O seam …Client (with Live… and InMemory…), SQLite access …Database."
    }

    static func settingsProblems(_ name: String, _ feature: [Declaration]) -> [String] {
        let expected = "Data/\(name)Settings.swift"
        return feature.filter { $0.isTopLevel && $0.kind != "extension" && $0.fileText.contains("FeatureSettings") }
            .filter { !($0.path.hasSuffix("/\(name)Feature.swift") && $0.name == name + "Feature") }
            .compactMap { declaration in
                if declaration.name == name + "Settings", declaration.path.hasSuffix("/\(name)Feature/\(expected)") { return nil }
                return "\(declaration.path) declares \(declaration.name), which reads FeatureSettings: "
                    + "the settings are \(name)Settings, in \(name)Feature/\(expected)."
            }
    }

    static func sceneProblems(_ name: String, _ surface: [Declaration], conformance: String, suffix: String) -> [String] {
        surface.filter { $0.isTopLevel && conforms($0, to: conformance) && $0.name != name + suffix }.map {
            "\($0.path) declares the \(conformance) \($0.name): name it \(name)\(suffix) (the suffix \(suffix))."
        }
    }

    /// A terminal type that draws into a `Frame` (a method with `inout Frame` or returning one) is a `…View`.
    static func drawingProblem(_ name: String, _ declaration: Declaration) -> String? {
        guard declaration.isTopLevel, declaration.kind != "extension", declaration.kind != "protocol",
            declaration.kind != "typealias", !conforms(declaration, to: "TerminalScene"),
            !declaration.name.hasSuffix("View"),
            declaration.fileText.contains("inout Frame") || declaration.fileText.contains("-> Frame")
        else { return nil }
        return "\(declaration.path) declares \(declaration.name), which draws into a Frame: "
            + "a terminal drawing type's name ends in View (e.g. \(stem(declaration.name))View)."
    }

    static func keyMapProblem(_ name: String, _ declaration: Declaration) -> String? {
        guard declaration.isTopLevel, declaration.name.hasSuffix("KeyMap"), declaration.name != name + "KeyMap" else { return nil }
        return "\(declaration.path) declares \(declaration.name): a bundle's key map is \(name)KeyMap, one place."
    }

    static func webActionProblems(_ name: String, _ web: [Declaration]) -> [String] {
        guard web.contains(where: { $0.isTopLevel && conforms($0, to: "WebScene") }) else { return [] }
        var problems: [String] = []
        if !web.contains(where: { $0.isTopLevel && $0.kind == "enum" && $0.name == name + "WebAction" }) {
            problems.append(
                "Features/\(name)/Sources/\(name)Web declares no \(name)WebAction: the page's data-action names are "
                    + "an enum \(name)WebAction with `name` and `init?(name:)`, in Scene/\(name)WebAction.swift.")
        }
        var seen: Set<String> = []
        for declaration in web where seen.insert(declaration.path).inserted {
            if declaration.fileText.range(of: #"\.data\(\s*"action"\s*,\s*""#, options: .regularExpression) != nil {
                problems.append(
                    "\(declaration.path) names a data-action with a string literal: use \(name)WebAction's `name`.")
            }
        }
        return problems
    }

    /// `ForecastStorage` → `Forecast`, `ChartRenderer` → `Chart`: the name without the suffix the convention replaces.
    static func stem(_ name: String) -> String {
        let replaced = ["Storage", "Store", "Backend", "Renderer", "Compositor", "Drawing"]
        guard let suffix = replaced.first(where: { name.hasSuffix($0) && name.count > $0.count }) else { return name }
        return String(name.dropLast(suffix.count))
    }

    static func conforms(_ declaration: Declaration, to type: String) -> Bool {
        guard let colon = declaration.line.firstIndex(of: ":") else { return false }
        let inherited = declaration.line[declaration.line.index(after: colon)...]
            .split(whereSeparator: { ",{ ".contains($0) }).map(String.init)
        return inherited.contains(type)
    }

    /// `LivePinClient` starts the word `Live`; `Liveliness` does not.
    static func startsWord(_ name: String, _ prefix: String) -> Bool {
        guard name.hasPrefix(prefix), name.count > prefix.count else { return false }
        return name[name.index(name.startIndex, offsetBy: prefix.count)].isUppercase
    }

    /// The types declared in the Swift files under `folder`: top-level ones start a line, nested ones are indented.
    static func declarations(under folder: URL, in package: URL) -> [Declaration] {
        let pattern =
            #"^([ \t]*)(?:(?:public|internal|package|fileprivate|private|final|indirect|nonisolated|@[A-Za-z]+)\s+)*"#
            + #"(struct|enum|class|actor|protocol|typealias|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)([^\n]*)$"#
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        var result: [Declaration] = []
        for file in swiftFiles(under: folder) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let path = relativePath(file, in: package)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let indent = Range(match.range(at: 1), in: text), let kind = Range(match.range(at: 2), in: text),
                    let name = Range(match.range(at: 3), in: text), let line = Range(match.range(at: 0), in: text)
                else { continue }
                result.append(
                    Declaration(
                        path: path, fileText: text, name: String(text[name]), kind: String(text[kind]),
                        isTopLevel: text[indent].isEmpty, line: String(text[line])))
            }
        }
        return result
    }
}
