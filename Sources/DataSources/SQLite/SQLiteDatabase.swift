import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small wrapper over one SQLite connection: prepared statements kept per SQL text, WAL journaling,
/// transactions, and schema versions through `PRAGMA user_version`.
///
/// Calls are serialised by a recursive lock (the only one: the connection is opened without SQLite's own mutex),
/// so one connection can be shared across tasks and a transaction's body can run statements of its own.
public final class SQLiteDatabase: @unchecked Sendable {
    // @unchecked: a C connection and its statements, only used while `lock` is held (recursive: a transaction queries).
    public let file: URL?
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private let lock = NSRecursiveLock()

    /// Opens (creating if needed) the database at `file`, or an in-memory one when `file` is nil.
    public convenience init(file: URL?) throws {
        try self.init(file: file, owner: nil)
    }

    /// - Parameter owner: checked before anything is written (WAL mode included), so another program's database
    ///   is refused as `DatabaseDamage` and never written into.
    public init(file: URL?, owner: DatabaseOwner?) throws {
        self.file = file
        if let file { try Self.checkKind(of: file) }
        var db: OpaquePointer?
        let path = file?.path ?? ":memory:"
        // Never through a link: one in the data directory may point at another program's database outside it.
        // NOMUTEX: `lock` already serialises every use of the connection, so SQLite's own mutex would be a second
        // lock taken on every call.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | (file == nil ? 0 : SQLITE_OPEN_NOFOLLOW)
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: code, message: message, file: file?.path)
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
        do {
            // Reading the schema is the first access that touches the file, so a damaged file fails here.
            _ = try query("PRAGMA schema_version")
            try owner?.check(self)
            if file != nil { _ = try query("PRAGMA journal_mode=WAL") }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection; later calls fail.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one or more statements without bindings (schema changes).
    public func execute(_ sql: String) throws {
        lock.lock()
        defer { lock.unlock() }
        let db = try openHandle(sql)
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql) }
    }

    /// Runs a prepared statement that returns no rows; returns the number of rows changed.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepared(sql, bindings)
        defer { sqlite3_reset(statement) }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW { code = sqlite3_step(statement) }
        guard code == SQLITE_DONE else { throw error(code, sql) }
        return Int(sqlite3_changes(handle))
    }

    /// Runs a prepared query and returns every row.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepared(sql, bindings)
        defer { sqlite3_reset(statement) }
        let count = sqlite3_column_count(statement)
        let columns = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
        var rows: [SQLiteRow] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw error(code, sql) }
            rows.append(SQLiteRow(columns: columns, values: (0..<count).map { column(statement, $0) }))
        }
        return rows
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The names of `table`'s columns, or nil when there is no such table. `table` is the program's own name,
    /// never input: a pragma cannot take it as a binding.
    public func columns(of table: String) throws -> [String]? {
        let rows = try query("PRAGMA table_info(\"\(table)\")")
        return rows.isEmpty ? nil : rows.compactMap { $0["name"].string }
    }

    /// The schema version kept in the file header.
    /// A file that is there but is not a regular file (a FIFO would block the first read for ever, a link may point
    /// out of the data directory) is damage, for its owner to move aside.
    private static func checkKind(of file: URL) throws {
        var status = stat()
        // Absent: SQLite creates it. A folder: SQLite's own error says it cannot be opened, and its owner keeps the
        // data in memory (nothing to move aside).
        guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return }
        if status.st_mode & S_IFMT == S_IFLNK {
            throw DatabaseDamage("it is a symbolic link, and links in the data directory are not followed")
        }
        if let kind = RegularFile.kind(of: status.st_mode) { throw DatabaseDamage("it is \(kind), not a database file") }
    }

    /// `PRAGMA application_id`: 0 unless a program set its own.
    public func applicationID() throws -> Int {
        try query("PRAGMA application_id").first?[0].int ?? 0
    }

    public func userVersion() throws -> Int {
        try query("PRAGMA user_version").first?[0].int ?? 0
    }

    /// Applies, in one transaction each, the migrations after the file's current version. `migrations[0]`
    /// takes version 0 to 1, and so on. A file newer than the code is an error, not a downgrade.
    public func migrate(_ migrations: [String]) throws {
        let current = try userVersion()
        guard current <= migrations.count else {
            throw SQLiteError(
                code: SQLITE_ERROR,
                message: "schema version \(current) is newer than this program knows (\(migrations.count))",
                file: file?.path)
        }
        for version in current..<migrations.count {
            try transaction {
                try execute(migrations[version])
                try execute("PRAGMA user_version = \(version + 1)")
            }
        }
    }

    // MARK: - Statements

    private func openHandle(_ sql: String) throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed", sql: sql, file: file?.path) }
        return handle
    }

    private func prepared(_ sql: String, _ bindings: [SQLiteValue]) throws -> OpaquePointer {
        let db = try openHandle(sql)
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var made: OpaquePointer?
            let code = sqlite3_prepare_v2(db, sql, -1, &made, nil)
            guard code == SQLITE_OK, let made else { throw error(code, sql) }
            statements[sql] = made
            statement = made
        }
        sqlite3_clear_bindings(statement)
        guard Int(sqlite3_bind_parameter_count(statement)) == bindings.count else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                message: "expected \(sqlite3_bind_parameter_count(statement)) bindings, got \(bindings.count)",
                sql: sql, file: file?.path)
        }
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let int): code = sqlite3_bind_int64(statement, index, int)
            case .real(let double): code = sqlite3_bind_double(statement, index, double)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT)
            case .blob(let data):
                code = data.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count), SQLITE_TRANSIENT)
                }
            }
            guard code == SQLITE_OK else { throw error(code, sql) }
        }
        return statement
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    private func error(_ code: Int32, _ sql: String) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "database closed"
        return SQLiteError(code: code & 0xFF, message: message, sql: sql, file: file?.path)
    }
}

/// Tells SQLite to copy bound text and blobs. Computed, because a global `let` of this type fails Swift 6's
/// isolation checks. Named as SQLite's C constant it stands for.
// swift-format-ignore: AlwaysUseLowerCamelCase
private var SQLITE_TRANSIENT: sqlite3_destructor_type {
    unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
