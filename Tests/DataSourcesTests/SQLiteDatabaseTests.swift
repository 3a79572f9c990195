import DataSources
import FeatureHostTesting
import Foundation
import Testing

@Suite struct SQLiteDatabaseTests {
    @Test func runsPreparedStatementsAndQueries() throws {
        let db = try SQLiteDatabase(file: nil)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, raw BLOB)")
        for index in 1...3 {
            try db.run(
                "INSERT INTO t (id, name, score, raw) VALUES (?, ?, ?, ?)",
                [.integer(Int64(index)), .text("n\(index)"), .real(Double(index) / 2), .blob(Data([UInt8(index)]))])
        }
        let rows = try db.query("SELECT id, name, score, raw FROM t WHERE id >= ? ORDER BY id", [2])
        #expect(rows.map { $0["name"].string } == ["n2", "n3"])
        #expect(rows[0]["score"].double == 1.0)
        #expect(rows[1]["raw"].data == Data([3]))
        #expect(rows[0]["missing"] == .null)
    }

    @Test func transactionRollsBackWhenItsBodyThrows() throws {
        let db = try SQLiteDatabase(file: nil)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.run("INSERT INTO t (id) VALUES (1)")
                throw Stop()
            }
        }
        #expect(try db.query("SELECT count(*) AS n FROM t").first?["n"].int == 0)
    }

    @Test func wrongBindingCountIsAnErrorNamingTheStatement() throws {
        let db = try SQLiteDatabase(file: nil)
        try db.execute("CREATE TABLE t (id INTEGER)")
        #expect(throws: SQLiteError(code: 25, message: "expected 1 bindings, got 0", sql: "INSERT INTO t VALUES (?)")) {
            try db.run("INSERT INTO t VALUES (?)")
        }
    }

    @Test func migratesStepByStepAndRefusesANewerFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("db.sqlite")
        do {
            let db = try SQLiteDatabase(file: file)
            try db.migrate(["CREATE TABLE a (x INTEGER)"])
            #expect(try db.userVersion() == 1)
        }
        let reopened = try SQLiteDatabase(file: file)
        try reopened.migrate(["CREATE TABLE a (x INTEGER)", "ALTER TABLE a ADD COLUMN y TEXT"])
        #expect(try reopened.userVersion() == 2)
        try reopened.run("INSERT INTO a (x, y) VALUES (1, 'kept')")
        #expect(throws: SQLiteError.self) { try reopened.migrate(["CREATE TABLE a (x INTEGER)"]) }
        #expect(try reopened.query("PRAGMA journal_mode").first?[0].string == "wal")
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsCorruption() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(String(repeating: "not a database ", count: 100), to: "junk.sqlite")
        #expect {
            try SQLiteDatabase(file: file)
        } throws: { error in
            (error as? SQLiteError)?.isCorruption == true
        }
    }
}
