/// Why bytes could not be turned into pixels, as a sentence that names the format and what was wrong.
public struct ImageDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Neither PNG nor JPEG.
        case unknownFormat
        /// A valid file using a feature this decoder does not implement (12-bit or arithmetic-coded JPEG, say).
        case unsupported
        /// Past `DecodingLimits`: refused before the pixels were allocated.
        case tooLarge
        /// Damaged or cut short.
        case malformed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    static func malformed(_ format: String, _ detail: String) -> ImageDecodingError {
        ImageDecodingError(.malformed, "The \(format) image is damaged: \(detail).")
    }

    static func unsupported(_ format: String, _ detail: String) -> ImageDecodingError {
        ImageDecodingError(.unsupported, "The \(format) image uses \(detail), which this decoder does not read.")
    }
}
