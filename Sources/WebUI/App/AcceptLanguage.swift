import Foundation

/// The browser's language preference from `Accept-Language` (RFC 9110 §12.5.4): the tag with the highest
/// weight, first one winning a tie; `*`, `q=0` and malformed entries are skipped.
public enum AcceptLanguage {
    /// `de-DE,de;q=0.9,en;q=0.8` → `de_DE` (a Foundation locale identifier); nil when none is usable.
    public static func preferredIdentifier(_ header: String?) -> String? {
        guard let header else { return nil }
        var best: (tag: String, weight: Double)?
        for entry in header.split(separator: ",").prefix(32) {
            let parts = entry.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" } }
            guard let tag = parts.first, isLanguageTag(tag) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else {
                    weight = 0
                    break
                }
                weight = value
            }
            guard weight > 0 else { continue }
            if weight > (best?.weight ?? 0) { best = (String(tag), weight) }
        }
        return best.map { $0.tag.replacingOccurrences(of: "-", with: "_") }
    }

    /// Letters, digits and inner hyphens, starting with a 2–8 letter language: `en`, `de-DE`, `zh-Hant-TW`.
    static func isLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
