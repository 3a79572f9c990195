import Foundation

/// What to call an article's image where the picture cannot be shown (the terminal's placeholder, a web page's
/// alternative text): the image's file name, so a reader can tell the images apart.
enum ImageLabel {
    static func text(for image: String) -> String {
        // The last path segment, without query or fragment. Byte-wise, as this runs for every row at open: the
        // separators are ASCII, so their positions are valid string indices.
        let bytes = image.utf8
        let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map(bytes.index(after:)) ?? bytes.startIndex
        let name = String(image[start..<end])
        let decoded = name.contains("%") ? (name.removingPercentEncoding ?? name) : name
        let readable = DisplayText.line(decoded)
        if readable.isEmpty {
            return DisplayText.line(image).isEmpty ? "No image" : "Image"
        }
        return "Image: \(readable)"
    }
}
