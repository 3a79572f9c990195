import Foundation

/// An article's `image` field as something to fetch. The API sends a URL string, sometimes empty.
enum ImageAddress: Equatable, Sendable {
    /// The article has no image.
    case none
    /// There is text, but not a web address an image can be fetched from.
    case unusable(String)
    case url(URL)

    init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !Self.mayHaveImage(text) || trimmed.isEmpty {
            self = .none
        } else if let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        {
            self = .url(url)
        } else {
            self = .unusable(trimmed)
        }
    }

    /// False for an empty or blank field: the article has no image. Cheap (it stops at the first visible
    /// character), so every row of a long list can ask.
    static func mayHaveImage(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}
