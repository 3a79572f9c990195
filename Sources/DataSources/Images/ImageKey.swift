import Foundation

/// A cache key for an image URL: 64-bit FNV-1a of the URL, in hex. Entries also record their URL, so a
/// collision is a miss, never the wrong picture.
enum ImageKey {
    static func make(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Keys are what `make` writes: anything else (a path from a request, say) names no entry.
    static func isValid(_ key: String) -> Bool {
        key.utf8.count == 16 && key.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
