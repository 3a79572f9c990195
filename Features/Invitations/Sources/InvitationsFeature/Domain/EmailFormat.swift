/// The HTML standard's "valid e-mail address" (what a browser's `<input type=email>` accepts), written out
/// rather than as a regex so each rule reads on its own:
///
///     local@label(.label)*
///     local: one or more of  a-z A-Z 0-9 . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -
///     label: 1…63 letters, digits or hyphens, neither starting nor ending with a hyphen
///
/// Two rules are added for an address an invitation can reach: the domain has at least two labels (`jane@example`
/// is an intranet name, not a mailbox on the internet), and its last label is not all digits (no top-level
/// domain is, RFC 3696 §2; `a@1.2` is a mistyped address, not a host). ASCII only, as the standard: an
/// internationalised domain is typed in its `xn--` form.
public enum EmailFormat {
    /// The standard's limit on one label of a domain name (RFC 1034).
    public static let maximumLabelLength = 63

    public static func isValid(_ email: String) -> Bool {
        let scalars = Array(email.unicodeScalars)
        guard let at = scalars.firstIndex(of: "@") else { return false }
        let local = scalars[..<at]
        let domain = scalars[(at + 1)...]
        guard !local.isEmpty, local.allSatisfy(isLocalPartCharacter) else { return false }
        // A second `@` is not a label character, so it fails below like any other.
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(isLabel) else { return false }
        return labels.last.map { !$0.allSatisfy(isDigit) } ?? false
    }

    /// `[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]`
    static func isLocalPartCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isLetterOrDigit(scalar) || ".!#$%&'*+/=?^_`{|}~-".unicodeScalars.contains(scalar)
    }

    /// `[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?`
    static func isLabel(_ label: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = label.first, let last = label.last, label.count <= maximumLabelLength else { return false }
        return isLetterOrDigit(first) && isLetterOrDigit(last) && label.allSatisfy { isLetterOrDigit($0) || $0 == "-" }
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || isDigit(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
