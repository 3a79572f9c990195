import Foundation

/// The text of an article's image placeholder (the terminal cannot show pictures yet): the image's file name, so
/// a reader can tell the images apart.
enum ImageLabel {
    static func text(for image: String) -> String {
        // The last path segment, without query or fragment; plain string work, as this runs for every row at open.
        let path = image.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? ""
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let decoded = name.contains("%") ? (name.removingPercentEncoding ?? name) : name
        let readable = DisplayText.line(decoded)
        if readable.isEmpty {
            return DisplayText.line(image).isEmpty ? "No image" : "Image"
        }
        return "Image: \(readable)"
    }
}
