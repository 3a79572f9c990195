import Foundation

/// Tells image bytes from anything else a server may send (an HTML error page, say).
enum ImageFormat {
    /// The content type to serve the bytes with: the declared `image/…` type when there is one, else what
    /// the first bytes say; nil when they are not an image.
    static func contentType(of data: Data, declared: String?) -> String? {
        let sniffed = sniff(data)
        if let declared = declared?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
            declared.hasPrefix("image/"), declared.allSatisfy({ $0.isLetter || $0.isNumber || "/+-.".contains($0) })
        {
            return sniffed ?? declared
        }
        return sniffed
    }

    static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(256))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        if text.contains("<svg") { return "image/svg+xml" }
        return nil
    }
}
