import Foundation

/// The text of an article's image placeholder (the terminal cannot show pictures yet): the image's file name, so
/// a reader can tell the images apart.
enum ImageLabel {
    static func text(for image: String) -> String {
        let trimmed = image.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "No image" }
        let name = URL(string: trimmed)?.lastPathComponent ?? trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        let readable = DisplayText.line(name.removingPercentEncoding ?? name)
        return readable.isEmpty || readable == "/" ? "Image" : "Image: \(readable)"
    }
}
