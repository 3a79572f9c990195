import FeatureHostCore

/// The names of a new feature, all derived from its type name: `Weather` gives the modules `WeatherFeature`
/// and `WeatherTerminal`, the id `weather` (unless given) and the title `Weather`; `OfferCountdown` gives
/// `offer-countdown` and `Offer Countdown`.
public struct FeatureNames: Equatable, Sendable {
    public let name: String
    public let id: String

    /// Long enough for any real name, short enough that the generated screen never cuts the title.
    public static let maximumNameLength = 40

    public init(name: String, id: String? = nil) throws(ScaffoldError) {
        try Self.validate(name: name)
        let id = id ?? Self.kebabCase(name)
        try Self.validate(id: id)
        self.name = name
        self.id = id
    }

    /// The surface-neutral module: manifest, domain, data, presenter.
    public var module: String { name + "Feature" }
    /// The terminal module: the scene and the `TerminalFeature` conformance.
    public var terminalModule: String { name + "Terminal" }
    /// The web module: the scene, its stylesheet and the `WebFeature` conformance.
    public var webModule: String { name + "Web" }
    public var testModule: String { module + "Tests" }
    public var terminalTestModule: String { terminalModule + "Tests" }
    public var webTestModule: String { webModule + "Tests" }
    /// What the three test targets share: the feature on a test host.
    public var fixturesModule: String { name + RegistryAudit.fixturesSuffix }
    public var title: String { Self.words(name).joined(separator: " ") }

    /// A PascalCase Swift type name of ASCII letters and digits, without the `Feature` suffix the module adds.
    public static func validate(name: String) throws(ScaffoldError) {
        guard !name.isEmpty else {
            throw ScaffoldError("--name is required: the feature's type name in PascalCase, e.g. --name Weather.")
        }
        if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) {
            throw ScaffoldError(
                "\"\(name)\" is not a Swift type name: use only the letters A–Z, a–z and digits (found \"\(bad)\"), e.g. \(suggestion(for: name))."
            )
        }
        guard let first = name.first, first.isUppercase else {
            throw ScaffoldError(
                "\"\(name)\" is not a Swift type name in PascalCase: it must start with a capital letter, e.g. \(suggestion(for: name)).")
        }
        guard name.count <= maximumNameLength else {
            throw ScaffoldError("\"\(name)\" is \(name.count) characters long; a feature name has at most \(maximumNameLength).")
        }
        guard !name.hasSuffix("Feature") else {
            throw ScaffoldError(
                "\"\(name)\" ends in Feature, and the module adds that suffix itself: use --name \(name.dropLast("Feature".count)).")
        }
    }

    /// A kebab-case id: lowercase words of letters and digits joined by single hyphens, starting with a letter.
    public static func validate(id: String) throws(ScaffoldError) {
        guard FeatureID(id).isKebabCase else {
            throw ScaffoldError(
                "\"\(id)\" is not a kebab-case id: use lowercase letters and digits in words joined by single hyphens, starting with a letter (e.g. \(kebabCase(suggestion(for: id))))."
            )
        }
    }

    /// `OfferCountdown` → `offer-countdown`, `HTTPNews` → `http-news`.
    public static func kebabCase(_ name: String) -> String {
        words(name).map { $0.lowercased() }.joined(separator: "-")
    }

    /// Splits at a lower-to-upper change and before the last capital of an acronym: `HTTPNews` → HTTP, News.
    static func words(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, !current.isEmpty {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if !previous.isUppercase || (next?.isLowercase ?? false) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A usable name from whatever was typed: `weather-app` → `WeatherApp`; `Weather` for anything not ASCII.
    static func suggestion(for text: String) -> String {
        guard text.allSatisfy(\.isASCII) else { return "Weather" }
        let parts = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let joined = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first, first.isLetter else { return "Weather" }
        return joined
    }
}
