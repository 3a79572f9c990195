import FeatureHostCore

/// Where a page finds an image the host cached for a feature: `/images/<key>`, served from the host's image
/// cache on the same origin (the CSP allows `img-src 'self'`), so it shows offline too.
public enum WebImage {
    public static func path(for reference: ImageReference) -> String { "/images/\(reference.key)" }

    /// Keys are the cache's own names: letters, digits, `-`, `_` and `.`, never a path.
    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.count <= 128 && key.first != "."
            && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }
}
