/// A database whose file opens but whose contents are not what this program wrote: a table or column gone, or a
/// row whose values cannot be read as their columns' types. Files in the data directory are not trusted (another
/// program, a bad disk or a hand edit may have changed them), so this is damage like a corrupt page: the owner moves
/// the file aside (`DamagedFile`) and starts a new one with a notice, instead of failing with SQLite's own message
/// on every start or skipping rows in silence.
public struct DatabaseDamage: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }

    /// Throws when a table in `expected` is missing or lacks one of its columns.
    public static func checkSchema(of database: SQLiteDatabase, expected: [(table: String, columns: [String])]) throws {
        for (table, columns) in expected {
            guard let present = try database.columns(of: table) else { throw DatabaseDamage("the table \(table) is missing") }
            if let missing = columns.first(where: { !present.contains($0) }) {
                throw DatabaseDamage("the table \(table) has no column \(missing)")
            }
        }
    }

    /// True for what SQLite says when a table or column the program relies on is gone (another program dropped
    /// it while the file was open).
    public static func isMissingSchema(_ error: any Error) -> Bool {
        guard let error = error as? SQLiteError, error.code == 1 else { return false }
        return error.message.hasPrefix("no such table") || error.message.hasPrefix("no such column")
    }
}
