import Foundation

/// PNG and JPEG bytes to pixels, told apart by their first bytes. Bounded by `DecodingLimits`; any input gives
/// pixels or an `ImageDecodingError`, never a trap.
public enum ImageDecoder {
    public enum Format: Sendable, Equatable {
        case png
        case jpeg
    }

    /// The format the bytes start like, or nil.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: PNGDecoder.signature) { return .png }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        return nil
    }

    public static func decode(_ data: Data, limits: DecodingLimits = .standard) throws(ImageDecodingError) -> DecodedImage {
        try decode([UInt8](data), limits: limits)
    }

    /// - Parameter verifyingChecksums: false only for fuzzing: a mutated PNG then reaches the code past its CRCs
    ///   and Adler-32, which a fuzzer could otherwise never get right.
    public static func decode(_ bytes: [UInt8], limits: DecodingLimits = .standard, verifyingChecksums: Bool = true)
        throws(ImageDecodingError) -> DecodedImage
    {
        switch format(of: bytes) {
        case .png: return try PNGDecoder.decode(bytes, limits: limits, verifyingChecksums: verifyingChecksums)
        case .jpeg: return try JPEGDecoder.decode(bytes, limits: limits)
        case nil: throw ImageDecodingError(.unknownFormat, "The file is neither a PNG nor a JPEG image.")
        }
    }
}
