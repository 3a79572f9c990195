import FeatureHostCore
import Foundation

/// Keeps the last good payload of each cached source in one SQLite file.
///
/// A file that is not a database or is damaged is moved aside (never deleted: it may be the only copy of
/// something the user wants to recover) and a new one is built; `recoveryNotice` says where it went.
public final class PayloadCache: Sendable {
    public struct Entry: Sendable, Equatable {
        public var body: Data
        public var savedAt: Date
    }

    public let file: URL
    /// Set when a damaged file was moved aside while opening.
    public let recoveryNotice: String?
    private let database: SQLiteDatabase

    private static let schema = [
        "CREATE TABLE payloads (key TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL, saved_at REAL NOT NULL)"
    ]

    public init(file: URL, now: Date = Date()) throws {
        self.file = file
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            database = try Self.open(file)
            recoveryNotice = nil
        } catch let error as SQLiteError where error.isCorruption {
            let aside = try DamagedFile.moveAside(file, at: now)
            database = try Self.open(file)
            recoveryNotice =
                "The cache \(file.path) was damaged (\(error.message)); it was moved to \(aside.path) and a new one was started."
        }
    }

    private static func open(_ file: URL) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(file: file)
        try database.migrate(schema)
        return database
    }

    public func entry(forKey key: String) throws -> Entry? {
        guard let row = try database.query("SELECT body, saved_at FROM payloads WHERE key = ?", [.text(key)]).first,
            let body = row["body"].data, let savedAt = row["saved_at"].double
        else { return nil }
        return Entry(body: body, savedAt: Date(timeIntervalSince1970: savedAt))
    }

    /// Replaces the payload of `key` in one transaction.
    public func save(_ body: Data, forKey key: String, at date: Date) throws {
        try database.transaction {
            try database.run(
                "INSERT INTO payloads (key, body, saved_at) VALUES (?, ?, ?) "
                    + "ON CONFLICT(key) DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at",
                [.text(key), .blob(body), .real(date.timeIntervalSince1970)])
        }
    }
}
