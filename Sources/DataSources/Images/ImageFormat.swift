import Foundation

/// Tells image bytes from anything else a server may send (an HTML error page, a script), by the bytes alone: the
/// only types the host keeps and serves are PNG, JPEG, GIF, WebP, and SVG when it parses as an SVG document
/// without scripts (`SVGDocument`). Whatever `Content-Type` the server declared is ignored, so a page served from
/// the host's own origin can never be HTML or script that a server called an image.
public enum ImageFormat {
    public static let servedTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]

    /// The content type to keep and serve the bytes with, or nil when they are not one of `servedTypes`.
    public static func contentType(of data: Data) -> String? {
        let head = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if SVGDocument.isSafeSVG(data) { return "image/svg+xml" }
        return nil
    }
}
