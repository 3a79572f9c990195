/// Why bytes were not read as JSON: a syntax fault (what to change, and where) or a limit passed (which one, and in
/// which member). The position is a byte offset, and a line and column (1-based, the column counted in Unicode
/// scalars) for a person editing a file.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not JSON (RFC 8259): the message says what to change.
        case syntax
        /// JSON, but past one of the reader's `Limits`.
        case limit
    }

    public let kind: Kind
    /// A sentence: `a trailing comma before "]"; remove it.`, `a string longer than 16384 bytes.`
    public let message: String
    public let offset: Int
    public let line: Int
    public let column: Int
    /// For a limit: the member it was passed in (`fields.name`, `x[0][1]`), empty for the value itself.
    public let path: String

    /// `line 3, column 20: a trailing comma before "}"; remove it.`
    public var description: String { "line \(line), column \(column): \(message)" }
}
