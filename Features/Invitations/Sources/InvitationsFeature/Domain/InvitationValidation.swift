import Foundation

/// Why a field of the request form is not acceptable. Each case reads as what to do about it.
public enum FieldProblem: Equatable, Sendable {
    case nameMissing
    case nameTooShort(minimum: Int)
    case emailMissing
    case emailInvalid
    case confirmationMissing
    case confirmationMismatch

    public var message: String {
        switch self {
        case .nameMissing: return "Enter your full name."
        case .nameTooShort(let minimum): return "Your full name needs at least \(minimum) characters."
        case .emailMissing: return "Enter your email address."
        case .emailInvalid: return "Enter a valid email address, like name@example.com."
        case .confirmationMissing: return "Enter your email address again to confirm it."
        case .confirmationMismatch: return "This does not match the email above."
        }
    }
}

/// The form's rules. Values are trimmed of surrounding whitespace before they are checked (and before they
/// are sent), so a stray space from a paste does not reject an otherwise good value.
public enum InvitationValidation {
    public static let minimumNameLength = 3

    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func problem(name: String) -> FieldProblem? {
        let name = trimmed(name)
        if name.isEmpty { return .nameMissing }
        // Characters, not bytes or scalars: "Zoë" and "李小龙" are three characters each.
        if name.count < minimumNameLength { return .nameTooShort(minimum: minimumNameLength) }
        return nil
    }

    public static func problem(email: String) -> FieldProblem? {
        let email = trimmed(email)
        if email.isEmpty { return .emailMissing }
        return EmailFormat.isValid(email) ? nil : .emailInvalid
    }

    /// Equality after trimming, with the domain (after the last `@`) compared ASCII case-insensitively:
    /// domain names are case-insensitive (RFC 4343), so `jane@Example.com` confirms `jane@example.com`; the local
    /// part is compared exactly, since a mail server may tell `Jane` from `jane` (RFC 5321 §2.4). The
    /// confirmation is there to catch typos, and a case change in the domain is not one.
    public static func problem(confirmation: String, email: String) -> FieldProblem? {
        let confirmation = trimmed(confirmation)
        if confirmation.isEmpty { return .confirmationMissing }
        return sameAddress(confirmation, trimmed(email)) ? nil : .confirmationMismatch
    }

    static func sameAddress(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard let atA = a.unicodeScalars.lastIndex(of: "@"), let atB = b.unicodeScalars.lastIndex(of: "@") else { return false }
        guard a.unicodeScalars[..<atA].elementsEqual(b.unicodeScalars[..<atB]) else { return false }
        let domainA = a.unicodeScalars[a.unicodeScalars.index(after: atA)...]
        let domainB = b.unicodeScalars[b.unicodeScalars.index(after: atB)...]
        return domainA.elementsEqual(domainB) { asciiLowercased($0) == asciiLowercased($1) }
    }

    /// Only A-Z: a non-ASCII domain is typed in its `xn--` form (see `EmailFormat`), so other letters differ.
    private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }

    /// Every field's problem, keyed by field; empty when the form can be sent.
    public static func problems(name: String, email: String, confirmation: String) -> [InvitationField: FieldProblem] {
        var problems: [InvitationField: FieldProblem] = [:]
        problems[.fullName] = problem(name: name)
        problems[.email] = problem(email: email)
        problems[.confirmEmail] = problem(confirmation: confirmation, email: email)
        return problems
    }
}
