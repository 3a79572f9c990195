/// A practical email check, not RFC 5322: exactly one `@`, a non-empty local part, a domain of at least two
/// non-empty dot-separated labels, and no whitespace or control characters anywhere.
public enum EmailFormat {
    public static func isValid(_ email: String) -> Bool {
        guard !email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let (local, domain) = (parts[0], parts[1])
        guard !local.isEmpty else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
