/// A SQLite failure with the library's own text and the statement that failed.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CORRUPT` is 11, `SQLITE_NOTADB` 26).
    public var code: Int32
    public var message: String
    public var sql: String?
    public var file: String?

    public init(code: Int32, message: String, sql: String? = nil, file: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.file = file
    }

    /// The file is not a database or is damaged: it should be moved aside and rebuilt.
    public var isCorruption: Bool { code == 11 || code == 26 }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let file { text = "\(file): " + text }
        if let sql { text += " (in \(sql))" }
        return text
    }
}
