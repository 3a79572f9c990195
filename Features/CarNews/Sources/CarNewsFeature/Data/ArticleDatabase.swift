import DataSources
import FeatureHostCore
import Foundation

/// The feature's offline copy of the articles: one SQLite row per article id, in `articles.sqlite` of the
/// feature's storage directory. It is the feature's only cache.
///
/// A file that is not a database, is another program's (`ArticleSchema.owner`), a link or a FIFO, is damaged, was
/// written by a newer schema, lacks a table or column, or holds a row that cannot be read as an article is moved
/// aside and rebuilt, at open or whenever a statement finds the
/// damage later; `takeNotices()` says what happened. Calls are serialised, so the list can be read while a refresh
/// writes from another task.
public final class ArticleDatabase: @unchecked Sendable {
    public static let fileName = "articles.sqlite"

    /// `nil` for a store kept in memory only.
    public let file: URL?
    /// The source this store's reader shows (`ArticleDatabase.origin(of:)`). A saved list from another source is
    /// not its own: it reads as nothing saved until this source's first good reply replaces it. A list saved
    /// before origins were kept (null) is taken as this source's. A store without one (tools, benchmarks) reads
    /// any list and saves it as of no source.
    public let origin: String?
    private let now: @Sendable () -> Date
    // @unchecked: `connection` and `notices` are only touched with `lock` held; a recovery replaces the connection in
    // the middle of a call that holds it, which `Locked`'s one closure would not let a generic result leave.
    private let lock = NSRecursiveLock()
    private var connection: SQLiteDatabase
    private var notices: [String] = []

    /// Opens (creating or migrating) the store at `file`, or one in memory when `file` is nil.
    public init(file: URL?, origin: String? = nil, now: @escaping @Sendable () -> Date) throws {
        self.file = file
        self.origin = origin
        self.now = now
        if let file {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        do {
            connection = try Self.open(file)
        } catch let error where Self.isDamage(error) {
            guard let file else { throw error }
            let aside = try DamagedFile.moveAside(file, at: now())
            connection = try Self.open(file)
            notices.append(Self.recoveryNotice(file: file, aside: aside, error: error))
        }
    }

    /// What happened to the file since the last call (a damaged file moved aside), for the screen to show once.
    /// A source as the table records it: its kind and where it reads (`http https://…/get_articles_list`).
    public static func origin(of source: SourceConfiguration) -> String { "\(source.kind.rawValue) \(source.location)" }

    /// Whether the saved list came from another source than `origin`.
    private func isForeign(_ database: SQLiteDatabase) throws -> Bool {
        guard let origin, let row = try database.query("SELECT origin FROM sync_state WHERE id = 1").first else { return false }
        guard let saved = row[0].string else { return false }
        return saved != origin
    }

    public func takeNotices() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = notices
        notices.removeAll()
        return taken
    }

    // MARK: - Reading

    /// The longest text a column may hold: nothing longer came from a reply the feature accepted, and a longer
    /// value (a file another program wrote) is not read into memory.
    static let maximumFieldLength = HTTPSource<Data>.defaultMaximumBodySize
    /// Publication times from year 1 to 9999: what the date formatters handle.
    static let publishedRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// A text column, or null when it is longer than `maximumFieldLength` (which `text` then refuses).
    private static func bounded(_ column: String) -> String {
        "CASE WHEN length(\(column)) <= \(maximumFieldLength) THEN \(column) END"
    }

    /// The whole offline list, newest first (the screen reads `window(around:size:)`).
    public func summaries() throws -> [ArticleSummary] {
        try withRecovery { database in
            if try isForeign(database) { return [] }
            return try database.query(
                "SELECT id, \(Self.bounded("title")), \(Self.bounded("image")), published_at FROM articles ORDER BY published_at DESC, id DESC"
            ).map(Self.summary)
        }
    }

    /// A window of the offline list around `anchor`, newest first: `size` rows at most, read through the
    /// `articles_newest_first` index, so its cost does not grow with what the list holds beyond the skipped rows.
    public func window(around anchor: ListAnchor, size: Int = ArticleWindow.size) throws -> ArticleWindow {
        try withRecovery { database in
            if try isForeign(database) { return .empty }
            guard case .integer(let count) = try database.query("SELECT COUNT(*) FROM articles").first?[0] else {
                throw DatabaseDamage("the number of saved articles cannot be read")
            }
            let total = Int(count)
            let anchorIndex = try ArticleWindow.resolve(anchor, total: total) { id in try Self.position(of: id, in: database) }
            guard let anchorIndex else { return .empty }
            let offset = ArticleWindow.offset(centredOn: anchorIndex, total: total, size: size)
            let summaries = try database.query(
                "SELECT id, \(Self.bounded("title")), \(Self.bounded("image")), published_at FROM articles "
                    + "ORDER BY published_at DESC, id DESC LIMIT ? OFFSET ?", [.integer(Int64(size)), .integer(Int64(offset))]
            ).map(Self.summary)
            return ArticleWindow(total: total, offset: offset, summaries: summaries, anchorIndex: anchorIndex)
        }
    }

    /// Where article `id` is in the newest-first list: how many rows come before it. Nil when it is not saved.
    private static func position(of id: Int64, in database: SQLiteDatabase) throws -> Int? {
        guard case .integer(let published) = try database.query("SELECT published_at FROM articles WHERE id = ?", [.integer(id)]).first?[0]
        else { return nil }
        let before = try database.query(
            "SELECT COUNT(*) FROM articles WHERE published_at > ? OR (published_at = ? AND id > ?)",
            [.integer(published), .integer(published), .integer(id)]
        ).first?[0]
        guard case .integer(let count) = before else { return nil }
        return Int(count)
    }

    private static func summary(_ row: SQLiteRow) throws -> ArticleSummary {
        guard case .integer(let id) = row[0], let title = row[1].string, let image = row[2].string,
            case .integer(let published) = row[3], publishedRange.contains(published)
        else { throw unreadable(row[0]) }
        return ArticleSummary(id: id, title: title, image: image, published: Date(timeIntervalSince1970: TimeInterval(published)))
    }

    /// One saved article with its content items, or nil when there is no row for `id`.
    public func article(id: Int64) throws -> Article? {
        try withRecovery { database in
            if try isForeign(database) { return nil }
            let columns = ["title", "ingress", "image", "tags", "content"].map(Self.bounded).joined(separator: ", ")
            guard
                let row = try database.query(
                    "SELECT id, \(columns), published_at, created, changed FROM articles WHERE id = ?", [.integer(id)]
                ).first
            else { return nil }
            let decoder = JSONDecoder()
            guard let title = row[1].string, let ingress = row[2].string, let image = row[3].string,
                let tagsJSON = row[4].string, let tags = try? decoder.decode([String].self, from: Data(tagsJSON.utf8)),
                let contentJSON = row[5].string,
                let content = try? decoder.decode([ArticleContentItem].self, from: Data(contentJSON.utf8)),
                case .integer(let published) = row[6], Self.publishedRange.contains(published),
                let created = Self.optionalInteger(row[7]), let changed = Self.optionalInteger(row[8])
            else { throw Self.unreadable(row[0]) }
            return Article(
                id: id, title: title, ingress: ingress, image: image, published: Date(timeIntervalSince1970: TimeInterval(published)),
                tags: tags, content: content, created: created, changed: changed)
        }
    }

    /// When the last good refresh was saved; nil before the first.
    public func lastRefresh() throws -> Date? {
        try withRecovery { database in
            if try isForeign(database) { return nil }
            guard let row = try database.query("SELECT last_refresh FROM sync_state WHERE id = 1").first else { return nil }
            guard let seconds = row[0].double, seconds.isFinite, abs(seconds) < 1e12 else {
                throw DatabaseDamage("the time of the last refresh cannot be read")
            }
            return Date(timeIntervalSince1970: seconds)
        }
    }

    /// `.some(nil)` for null, `.some(value)` for an integer, nil for anything else.
    private static func optionalInteger(_ value: SQLiteValue) -> Int64?? {
        switch value {
        case .null: return .some(nil)
        case .integer(let int): return .some(int)
        default: return nil
        }
    }

    private static func unreadable(_ id: SQLiteValue) -> DatabaseDamage {
        if case .integer(let id) = id { return DatabaseDamage("the saved article \(id) cannot be read") }
        return DatabaseDamage("a saved article cannot be read")
    }

    // MARK: - Writing

    /// Saves a good reply in one transaction: upserts every article, removes the rows the server no longer
    /// returns (except `keeping`: articles it returned but that could not be read this time), and records `date`
    /// as the last refresh, from `origin`. The first good reply from a new source replaces another's list whole.
    public func save(_ articles: [Article], keeping: Set<Int64> = [], at date: Date) throws {
        let encoder = JSONEncoder()
        var rows: [[SQLiteValue]] = []
        rows.reserveCapacity(articles.count)
        for article in articles {
            rows.append([
                .integer(article.id), .text(article.title), .text(article.ingress), .text(article.image),
                .integer(Int64(saturating: article.published.timeIntervalSince1970.rounded(.down))),
                .text(try Self.json(article.tags, encoder)), .text(try Self.json(article.content, encoder)),
                article.created.map(SQLiteValue.integer) ?? .null, article.changed.map(SQLiteValue.integer) ?? .null,
                .real(date.timeIntervalSince1970),
            ])
        }
        let keptIDs = articles.map(\.id) + keeping
        try withRecovery { database in
            // Another source's rows are not this one's to keep.
            let kept = try isForeign(database) ? articles.map(\.id) : keptIDs
            let keptJSON = "[" + kept.map(String.init).joined(separator: ",") + "]"
            try database.transaction {
                for row in rows {
                    try database.run(
                        """
                        INSERT INTO articles (id, title, ingress, image, published_at, tags, content, created, changed, saved_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET title = excluded.title, ingress = excluded.ingress,
                            image = excluded.image, published_at = excluded.published_at, tags = excluded.tags,
                            content = excluded.content, created = excluded.created, changed = excluded.changed,
                            saved_at = excluded.saved_at
                        """, row)
                }
                try database.run("DELETE FROM articles WHERE id NOT IN (SELECT value FROM json_each(?))", [.text(keptJSON)])
                try database.run(
                    "INSERT INTO sync_state (id, last_refresh, origin) VALUES (1, ?, ?) "
                        + "ON CONFLICT(id) DO UPDATE SET last_refresh = excluded.last_refresh, origin = excluded.origin",
                    [.real(date.timeIntervalSince1970), origin.map(SQLiteValue.text) ?? .null])
            }
        }
    }

    /// A JSON array for a column; the common empty one without the encoder (the API's `tags` are always empty).
    private static func json<Element: Encodable>(_ values: [Element], _ encoder: JSONEncoder) throws -> String {
        values.isEmpty ? "[]" : String(decoding: try encoder.encode(values), as: UTF8.self)
    }

    // MARK: - Opening and recovery

    private static func open(_ file: URL?) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(file: file, owner: ArticleSchema.owner)
        let version = try database.userVersion()
        guard version <= ArticleSchema.currentVersion else {
            database.close()
            throw NewerSchemaError(version: version, known: ArticleSchema.currentVersion)
        }
        do {
            try database.migrate(ArticleSchema.migrations)
            try DatabaseDamage.checkSchema(of: database, expected: ArticleSchema.tables)
            try ArticleSchema.owner.claim(database)
        } catch {
            database.close()
            throw error
        }
        return database
    }

    /// Runs `body`; when it finds the file damaged, moves the file aside, starts a new one and runs `body` again.
    private func withRecovery<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch let error where Self.isDamage(error) {
            guard let file else { throw error }
            connection.close()
            let aside = try DamagedFile.moveAside(file, at: now())
            connection = try Self.open(file)
            notices.append(Self.recoveryNotice(file: file, aside: aside, error: error))
            return try body(connection)
        }
    }

    private static func isDamage(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.isCorruption == true || error is NewerSchemaError || error is DatabaseDamage
            || DatabaseDamage.isMissingSchema(error)
    }

    /// Short enough for the screen's notice lines: the copy sits beside the file, in the feature's storage directory.
    private static func recoveryNotice(file: URL, aside: URL, error: any Error) -> String {
        let why = (error as? SQLiteError)?.message ?? error.userFacingMessage
        return "The saved articles could not be read (\(why)), so the file was moved aside to \(aside.lastPathComponent); "
            + "the articles will be downloaded again."
    }
}

/// A file written by a newer version of this feature: its rows cannot be trusted to mean what this code thinks.
struct NewerSchemaError: Error, CustomStringConvertible {
    var version: Int
    var known: Int

    var description: String { "it has schema version \(version), newer than the \(known) this version knows" }
}
