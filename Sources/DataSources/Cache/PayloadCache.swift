import FeatureHostCore
import Foundation

/// Keeps the last good payload of each cached source in one SQLite file (WAL; each save is one transaction, so a
/// kill mid-save leaves the previous payload).
///
/// A file that is not a database, is damaged, comes from a newer schema, lacks its table or holds a row that cannot
/// be read is moved aside (never deleted: it may be the only copy of something the user wants to recover) and a new
/// one is built, whether the damage shows when the file is opened or in a later read or save (a damaged page deep
/// in the file opens fine); `recoveryNotice` says where it went.
public final class PayloadCache: Sendable {
    public struct Entry: Sendable, Equatable {
        public var body: Data
        public var savedAt: Date
    }

    public let file: URL
    private let now: Date
    /// The connection and the notice of its last recovery, which swaps the connection.
    private let state: Locked<State>

    private struct State {
        var database: SQLiteDatabase
        var notice: String?
    }

    private static let schema = [
        "CREATE TABLE payloads (key TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL, saved_at REAL NOT NULL)"
    ]

    public init(file: URL, now: Date = Date()) throws {
        self.file = file
        self.now = now
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            state = Locked(State(database: try Self.open(file)))
        } catch let error where Self.isDamage(error) {
            let aside = try DamagedFile.moveAside(file, at: now)
            state = Locked(State(database: try Self.open(file), notice: Self.notice(file: file, aside: aside, error: error)))
        }
    }

    /// A body longer than this was never saved by a source (replies are capped smaller) and is not read.
    static let maximumBodySize = 64 * 1024 * 1024

    private static func isDamage(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.isCorruption == true || error is DatabaseDamage || DatabaseDamage.isMissingSchema(error)
    }

    /// Set when a damaged file was moved aside (while opening, or by a read or save that found the damage).
    public var recoveryNotice: String? { state.withLock { $0.notice } }

    private static func open(_ file: URL) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(file: file)
        do {
            let version = try database.userVersion()
            guard version <= schema.count else {
                throw DatabaseDamage("it has schema version \(version), newer than the \(schema.count) this version knows")
            }
            try database.migrate(schema)
            try DatabaseDamage.checkSchema(of: database, expected: [("payloads", ["key", "body", "saved_at"])])
        } catch {
            database.close()
            throw error
        }
        return database
    }

    /// The saved payload of `key`; nil when there is none, or when the file was found damaged and moved aside.
    public func entry(forKey key: String) throws -> Entry? {
        try withRecovery { database in
            guard
                let row = try database.query(
                    "SELECT CASE WHEN length(body) <= \(Self.maximumBodySize) THEN body END AS body, saved_at FROM payloads WHERE key = ?",
                    [.text(key)]
                ).first
            else { return nil }
            guard let body = row["body"].data, let savedAt = row["saved_at"].double, savedAt.isFinite, abs(savedAt) < 1e12 else {
                throw DatabaseDamage("the saved payload cannot be read")
            }
            return Entry(body: body, savedAt: Date(timeIntervalSince1970: savedAt))
        }
    }

    /// Replaces the payload of `key` in one transaction.
    public func save(_ body: Data, forKey key: String, at date: Date) throws {
        try withRecovery { database in
            try database.transaction {
                try database.run(
                    "INSERT INTO payloads (key, body, saved_at) VALUES (?, ?, ?) "
                        + "ON CONFLICT(key) DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at",
                    [.text(key), .blob(body), .real(date.timeIntervalSince1970)])
            }
        }
    }

    /// Runs `body`; when it finds the file damaged, moves the file aside, starts a new one and runs `body` again.
    @discardableResult
    private func withRecovery<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        try state.withLock { state throws -> T in
            do {
                return try body(state.database)
            } catch let error where Self.isDamage(error) {
                state.database.close()
                let aside = try DamagedFile.moveAside(file, at: now)
                state.database = try Self.open(file)
                state.notice = Self.notice(file: file, aside: aside, error: error)
                return try body(state.database)
            }
        }
    }

    private static func notice(file: URL, aside: URL, error: any Error) -> String {
        let why = (error as? SQLiteError)?.message ?? error.userFacingMessage
        return "The cache \(file.path) was damaged (\(why)); it was moved to \(aside.path) and a new one was started."
    }
}
