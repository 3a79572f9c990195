import CarNewsFixtures
import DataSources
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

@Suite("The articles database")
struct ArticleStoreTests {
    let directory: TemporaryDirectory
    let saveTime = Date(timeIntervalSince1970: 1_773_664_440.5)
    let fixedNow: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_773_664_440) }

    init() throws { directory = try TemporaryDirectory("car-news-store") }

    private var file: URL { directory.file(ArticleDatabase.fileName) }

    private func open() throws -> ArticleDatabase { try ArticleDatabase(file: file, now: fixedNow) }

    private func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    @Test("saved articles read back whole; the list query is newest first")
    func roundTrip() throws {
        let store = try open()
        let articles =
            Fixtures.quirkyArticles + [
                Article(id: 7, title: "Tagged", published: Fixtures.march2026, tags: ["audi", "q7"], created: nil, changed: nil)
            ]
        try store.save(articles, at: saveTime)
        // 119301 and 7 share a date: the higher id comes first.
        #expect(try store.summaries() == [articles[1].summary, articles[2].summary, articles[0].summary])
        for article in articles { #expect(try store.article(id: article.id) == article) }
        #expect(try store.article(id: 404) == nil)
        #expect(try store.lastRefresh() == saveTime)
        #expect(store.takeNotices().isEmpty)
    }

    @Test("a refresh upserts changed rows and removes the ones the server no longer returns, in one transaction")
    func upsertAndRemove() throws {
        let store = try open()
        let a = Fixtures.article(1, "A", minutes: 10)
        let b = Fixtures.article(2, "B", minutes: 20)
        let c = Fixtures.article(3, "C", minutes: 30)
        try store.save([a, b], at: saveTime)
        var changedA = a
        changedA.title = "A, corrected"
        changedA.content = []
        let later = saveTime.addingTimeInterval(60)
        try store.save([changedA, c], at: later)
        #expect(try store.summaries().map(\.id) == [3, 1])
        #expect(try store.article(id: 1) == changedA)
        #expect(try store.article(id: 2) == nil)
        #expect(try store.lastRefresh() == later)
    }

    @Test("articles the server sent but that could not be read keep their saved rows")
    func keepingSkipped() throws {
        let store = try open()
        try store.save([Fixtures.article(1, "A", minutes: 1), Fixtures.article(2, "B", minutes: 2)], at: saveTime)
        try store.save([Fixtures.article(1, "A", minutes: 1)], keeping: [2, 99], at: saveTime)
        #expect(try store.summaries().map(\.id) == [2, 1])
    }

    @Test("a good empty reply empties the table and still counts as a refresh")
    func emptyReply() throws {
        let store = try open()
        try store.save([Fixtures.article(1, "A", minutes: 1)], at: saveTime)
        try store.save([], at: saveTime.addingTimeInterval(5))
        #expect(try store.summaries().isEmpty)
        #expect(try store.lastRefresh() == saveTime.addingTimeInterval(5))
    }

    @Test("rows survive closing and reopening the file")
    func reopen() throws {
        do {
            let store = try open()
            try store.save(Fixtures.quirkyArticles, at: saveTime)
        }
        let reopened = try open()
        #expect(try reopened.summaries().map(\.id) == [119301, 119302])
        #expect(try reopened.article(id: 119302) == Fixtures.quirkyArticles[0])
        #expect(try reopened.lastRefresh() == saveTime)
        let database = try SQLiteDatabase(file: file)
        #expect(try database.userVersion() == ArticleSchema.currentVersion)
    }

    @Test("a version 1 file is migrated: rows kept, index added, last refresh taken from the rows")
    func migrationFromVersion1() throws {
        do {
            let old = try SQLiteDatabase(file: file)
            try old.migrate(Array(ArticleSchema.migrations.prefix(1)))
            try old.run(
                "INSERT INTO articles (id, title, ingress, image, published_at, tags, content, created, changed, saved_at) "
                    + "VALUES (5, 'Old', 'In', '', 1527257580, '[\"x\"]', '[{\"type\":\"text\",\"subject\":\"S\",\"description\":\"D\"}]', NULL, NULL, ?)",
                [.real(saveTime.timeIntervalSince1970)])
            #expect(try old.userVersion() == 1)
        }
        let store = try open()
        #expect(try store.summaries() == [ArticleSummary(id: 5, title: "Old", image: "", published: Fixtures.may2018)])
        #expect(
            try store.article(id: 5)
                == Article(
                    id: 5, title: "Old", ingress: "In", published: Fixtures.may2018, tags: ["x"],
                    content: [ArticleContentItem(subject: "S", description: "D")]))
        #expect(try store.lastRefresh() == saveTime)
        let database = try SQLiteDatabase(file: file)
        #expect(try database.userVersion() == ArticleSchema.currentVersion)
        let indexes = try database.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'articles'")
        #expect(indexes.map { $0["name"].string } == ["articles_newest_first"])
    }

    @Test("an empty version 1 file migrates to no last refresh")
    func migrationOfEmptyFile() throws {
        do {
            let old = try SQLiteDatabase(file: file)
            try old.migrate(Array(ArticleSchema.migrations.prefix(1)))
        }
        let store = try open()
        #expect(try store.lastRefresh() == nil)
        #expect(try store.summaries().isEmpty)
    }

    @Test("a file that is not a database is moved aside and rebuilt")
    func garbageFile() throws {
        try Data(repeating: 0x5A, count: 4096).write(to: file)
        let store = try open()
        #expect(try store.summaries().isEmpty)
        try store.save([Fixtures.article(1, "A", minutes: 1)], at: saveTime)
        #expect(try store.summaries().map(\.id) == [1])
        let aside = "articles.sqlite.corrupt-20260316-123400"
        #expect(try files().contains(aside))
        #expect(
            store.takeNotices() == [
                "The saved articles could not be read (file is not a database), so the file was moved aside to \(aside); "
                    + "the articles will be downloaded again."
            ])
        #expect(try Data(contentsOf: directory.file(aside)) == Data(repeating: 0x5A, count: 4096))
    }

    @Test("damage found by a later query moves the file aside too, and a second damage does not overwrite the first copy")
    func damageFoundLater() throws {
        do {
            let store = try open()
            try store.save(
                (1...3000).map {
                    Fixtures.article(Int64($0), "Article \($0) " + String(repeating: "x", count: 200), minutes: $0)
                }, at: saveTime)
        }
        // Overwrite pages in the middle of the file: the header still says "SQLite format 3".
        let handle = try FileHandle(forWritingTo: file)
        try handle.seek(toOffset: 16 * 4096)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 64 * 4096))
        try handle.close()
        do {
            let store = try open()
            #expect(try store.summaries().isEmpty)
            #expect(try files().contains("articles.sqlite.corrupt-20260316-123400"))
            #expect(store.takeNotices().count == 1)
        }
        // Closed first: a live connection's WAL would still serve the old pages.
        try Data("not a database".utf8).write(to: file, options: .atomic)
        _ = try open()
        let names = try files()
        #expect(names.contains("articles.sqlite.corrupt-20260316-123400-2"), "\(names)")
    }

    @Test("a file from a newer schema is moved aside rather than misread")
    func newerSchema() throws {
        do {
            let newer = try SQLiteDatabase(file: file)
            // A newer car-news marks its files as car-news' too (`ArticleSchema.owner`).
            try newer.execute("CREATE TABLE future (x); PRAGMA user_version = 9; PRAGMA application_id = 1129215859")
        }
        let store = try open()
        #expect(try store.summaries().isEmpty)
        #expect(try files().contains("articles.sqlite.corrupt-20260316-123400"))
        #expect(store.takeNotices().first?.contains("schema version 9, newer than the 3 this version knows") == true)
    }

    /// Writes a store with two articles, then lets `damage` change the file behind its back (another program, a
    /// hand edit), and opens it again.
    private func reopenAfter(_ damage: (SQLiteDatabase) throws -> Void) throws -> ArticleDatabase {
        do {
            let store = try open()
            try store.save([Fixtures.article(1, "A", minutes: 1), Fixtures.article(2, "B", minutes: 2)], at: saveTime)
        }
        do {
            let database = try SQLiteDatabase(file: file)
            try damage(database)
        }
        return try open()
    }

    private func expectRecovered(_ store: ArticleDatabase, because reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let aside = "articles.sqlite.corrupt-20260316-123400"
        #expect(
            store.takeNotices() == [
                "The saved articles could not be read (\(reason)), so the file was moved aside to \(aside); "
                    + "the articles will be downloaded again."
            ], sourceLocation: sourceLocation)
        #expect(try files().contains(aside), sourceLocation: sourceLocation)
        // Rebuilt and usable; and the next start has nothing more to say.
        try store.save([Fixtures.article(3, "C", minutes: 3)], at: saveTime)
        #expect(try store.summaries().map(\.id) == [3], sourceLocation: sourceLocation)
        #expect(try open().takeNotices().isEmpty, sourceLocation: sourceLocation)
    }

    /// Another program's database where car-news keeps its articles was adopted: car-news' tables were created in it
    /// and nothing was said (reliability review, failure 7).
    @Test("another program's database is moved aside untouched, by its tables or its application_id")
    func foreignDatabase() throws {
        do {
            let other = try SQLiteDatabase(file: file)
            try other.execute("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');")
        }
        let store = try open()
        #expect(try store.summaries().isEmpty)
        try expectRecovered(store, because: "it is another program's database (it has a table notes car-news does not make)")
        let aside = try SQLiteDatabase(file: directory.file("articles.sqlite.corrupt-20260316-123400"))
        #expect(try aside.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0[0].string } == ["notes"])
        #expect(try SQLiteDatabase(file: file).applicationID() == 0x434E_7773, "the rebuilt file is marked as car-news'")
    }

    @Test("a database with another program's application_id is moved aside, though its tables look like car-news'")
    func foreignApplicationID() throws {
        let store = try reopenAfter { try $0.execute("PRAGMA application_id = 42") }
        #expect(try store.summaries().isEmpty)
        try expectRecovered(store, because: "it is another program's database (application_id 42), not car-news's")
    }

    @Test("a link where the file belongs is moved aside, and what it points at is never written")
    func symbolicLink() throws {
        let outside = try TemporaryDirectory("car-news-outside")
        let target = outside.file("other.sqlite")
        do {
            let other = try SQLiteDatabase(file: target)
            try other.execute("CREATE TABLE notes (t TEXT)")
        }
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        let store = try open()
        try expectRecovered(store, because: "it is a symbolic link, and links in the data directory are not followed")
        let other = try SQLiteDatabase(file: target)
        #expect(try other.query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0[0].string } == ["notes"])
    }

    @Test("a FIFO where the file belongs is moved aside, never read")
    func fifo() throws {
        #expect(mkfifo(file.path, 0o600) == 0)
        let store = try open()
        try expectRecovered(store, because: "it is a FIFO (named pipe), not a database file")
    }

    @Test("a file whose articles table is gone is moved aside and rebuilt, not a SQLite error on every start")
    func tableGone() throws {
        let store = try reopenAfter { try $0.execute("DROP TABLE articles") }
        #expect(try store.summaries().isEmpty)
        try expectRecovered(store, because: "the table articles is missing")
    }

    @Test("a table dropped while the store is open is found by the next query")
    func tableDroppedWhileOpen() throws {
        let store = try open()
        try store.save([Fixtures.article(1, "A", minutes: 1)], at: saveTime)
        try SQLiteDatabase(file: file).execute("DROP TABLE sync_state")
        #expect(try store.lastRefresh() == nil)
        let notice = try #require(store.takeNotices().first)
        #expect(notice.hasPrefix("The saved articles could not be read (no such table: sync_state)"))
    }

    @Test("a column gone is damage too")
    func columnGone() throws {
        let store = try reopenAfter { database in
            try database.execute(
                "CREATE TABLE slim AS SELECT id, title, image, published_at FROM articles; DROP TABLE articles; ALTER TABLE slim RENAME TO articles"
            )
        }
        #expect(try store.summaries().isEmpty)
        try expectRecovered(store, because: "the table articles has no column ingress")
    }

    @Test(
        "a row that cannot be read is damage, never skipped in silence",
        arguments: [
            "UPDATE articles SET published_at = 'yesterday' WHERE id = 2", "UPDATE articles SET title = x'00ff' WHERE id = 2",
            "UPDATE articles SET published_at = 9223372036854775807 WHERE id = 2", "UPDATE articles SET image = x'01' WHERE id = 2",
            "UPDATE articles SET published_at = 1.5 WHERE id = 2",
        ])
    func unreadableRow(statement: String) throws {
        let store = try reopenAfter { try $0.execute(statement) }
        #expect(try store.summaries().isEmpty)
        let notice = try #require(store.takeNotices().first)
        #expect(notice.hasPrefix("The saved articles could not be read (") && notice.contains("cannot be read)"), "\(notice)")
    }

    @Test("an article whose content cannot be read is damage when it is opened")
    func unreadableContent() throws {
        let store = try reopenAfter { try $0.execute("UPDATE articles SET content = '{not json' WHERE id = 2") }
        #expect(try store.summaries().map(\.id) == [2, 1], "the list needs no content")
        #expect(try store.article(id: 2) == nil)
        try expectRecovered(store, because: "the saved article 2 cannot be read")
    }

    @Test("a value longer than any reply could have been is not read into memory")
    func oversizedValue() throws {
        let store = try reopenAfter { try $0.execute("UPDATE articles SET title = zeroblob(20 * 1024 * 1024) WHERE id = 2") }
        #expect(try store.summaries().isEmpty)
        #expect(store.takeNotices().first?.contains("the saved article 2 cannot be read") == true)
    }
}
