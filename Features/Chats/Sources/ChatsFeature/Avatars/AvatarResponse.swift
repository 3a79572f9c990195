import FeatureHostCore
import Foundation

/// Checks that a reply is a picture: a 2xx status, a non-empty body within the size limit, and image bytes
/// (recognised by their signature, or declared `image/*`). An HTML error page served with 200 is not an avatar.
enum AvatarResponse {
    static let maximumBytes = 5 * 1024 * 1024

    static func image(from response: HTTPResponse, url: URL) -> Result<AvatarImage, AvatarFailure> {
        guard response.isSuccess else { return .failure(AvatarFailure("HTTP \(response.status)")) }
        guard !response.body.isEmpty else { return .failure(AvatarFailure("an empty reply")) }
        guard response.body.count <= maximumBytes else {
            return .failure(AvatarFailure("larger than \(maximumBytes / 1024 / 1024) MB"))
        }
        let declared = (response.headers["content-type"] ?? response.headers["Content-Type"] ?? "")
            .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if let sniffed = sniff(response.body) { return .success(AvatarImage(url: url, mediaType: sniffed, data: response.body)) }
        if declared.hasPrefix("image/") { return .success(AvatarImage(url: url, mediaType: declared, data: response.body)) }
        return .failure(AvatarFailure("not an image (\(declared.isEmpty ? "no content type" : declared))"))
    }

    static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }
}

/// Why an avatar could not be shown: `HTTP 404`, `not an image (text/html)`, the transport's message.
public struct AvatarFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
