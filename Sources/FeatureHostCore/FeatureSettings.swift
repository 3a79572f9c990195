/// A feature's `settings` from the config, with typed reads that fail with a message naming the key.
public struct FeatureSettings: Sendable, Equatable {
    public var values: [String: SettingValue]
    /// Prefixes messages, e.g. `settings of "offer-countdown"`.
    public var owner: String

    public init(_ values: [String: SettingValue] = [:], owner: String = "settings") {
        self.values = values
        self.owner = owner
    }

    public subscript(key: String) -> SettingValue? { values[key] }

    // MARK: - Through a declaration (what built-in features use)

    /// The value of a declared setting, or its default, checked against its type and range: the very check
    /// `featurehost validate` makes.
    public func value(_ declaration: SettingDeclaration) throws -> SettingValue {
        let value = values[declaration.key] ?? declaration.defaultValue
        guard let problem = declaration.problem(with: value) else { return value }
        throw FeatureError(message(for: problem, key: declaration.key, type: declaration.type, value: value))
    }

    public func number(_ declaration: SettingDeclaration) throws -> Double {
        guard case .number(let number) = try value(declaration) else { throw mismatch(declaration) }
        return number
    }

    public func string(_ declaration: SettingDeclaration) throws -> String {
        guard case .string(let string) = try value(declaration) else { throw mismatch(declaration) }
        return string
    }

    public func bool(_ declaration: SettingDeclaration) throws -> Bool {
        guard case .bool(let bool) = try value(declaration) else { throw mismatch(declaration) }
        return bool
    }

    /// What the feature says when a value does not fit; `validate` says the same in its own `found …; allowed: …`
    /// form.
    public func message(for problem: SettingProblem, key: String, type: SettingType, value: SettingValue) -> String {
        switch problem {
        case .wrongType:
            return "\(owner): \"\(key)\" must be \(type.expectedType), found \(value.typeName) \(value)."
        case .outOfRange(let range):
            return
                "\(owner): \"\(key)\" must be between \(SettingValue.number(range.lowerBound)) and \(SettingValue.number(range.upperBound)), found \(value)."
        case .invalid:
            return "\(owner): \"\(key)\" must be \(type.allowed), found \(value)."
        }
    }

    /// A declaration whose type does not match the read (a `.string` read of a number setting): a programming error
    /// reported as a message rather than a crash.
    private func mismatch(_ declaration: SettingDeclaration) -> FeatureError {
        FeatureError("\(owner): \"\(declaration.key)\" is declared as \(declaration.type.allowed) and read as another type.")
    }

    // MARK: - By key (plugins and features without declarations)

    /// A number of seconds (or any number) that must be finite and inside `range`.
    public func number(_ key: String, default defaultValue: Double, in range: ClosedRange<Double>? = nil) throws -> Double {
        let type = SettingType.number(range ?? -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
        return try number(SettingDeclaration(key, type: type, default: .number(defaultValue), summary: ""))
    }

    public func string(_ key: String, default defaultValue: String) throws -> String {
        try string(SettingDeclaration(key, type: .string, default: .string(defaultValue), summary: ""))
    }

    public func bool(_ key: String, default defaultValue: Bool) throws -> Bool {
        try bool(SettingDeclaration(key, type: .bool, default: .bool(defaultValue), summary: ""))
    }
}
