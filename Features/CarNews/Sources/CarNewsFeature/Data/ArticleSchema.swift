import DataSources

/// The versions of the articles database, applied in order by `SQLiteDatabase.migrate` (`PRAGMA user_version`).
/// Append new steps; never edit a released one.
enum ArticleSchema {
    static let migrations = [
        // 1: one row per article; tags and content items as JSON arrays in their row.
        """
        CREATE TABLE articles (
            id INTEGER PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            ingress TEXT NOT NULL,
            image TEXT NOT NULL,
            published_at INTEGER NOT NULL,
            tags TEXT NOT NULL,
            content TEXT NOT NULL,
            created INTEGER,
            changed INTEGER,
            saved_at REAL NOT NULL
        );
        """,
        // 2: the list's order as an index, and the time of the last good refresh (for the offline banner), taken
        // from the rows' own save time so an upgraded file still says when it was last updated.
        """
        CREATE INDEX articles_newest_first ON articles (published_at DESC, id DESC);
        CREATE TABLE sync_state (id INTEGER PRIMARY KEY CHECK (id = 1), last_refresh REAL NOT NULL);
        INSERT INTO sync_state (id, last_refresh) SELECT 1, max(saved_at) FROM articles HAVING count(*) > 0;
        """,
        // 3: the source the saved list came from (`ArticleDatabase.origin`), so another source's failure never
        // shows this copy as its own. Null in an upgraded file: from before origins were kept.
        """
        ALTER TABLE sync_state ADD COLUMN origin TEXT;
        """,
    ]

    static var currentVersion: Int { migrations.count }

    /// Whose file it is: "CNws" as a big-endian number, in every file this feature makes, so another program's
    /// database where this one belongs is moved aside, not written into.
    static let owner = DatabaseOwner(name: "car-news", applicationID: 0x434E_7773, tables: tables.map(\.table))

    /// What the current version has: a file at that version without one of these is damaged.
    static let tables: [(table: String, columns: [String])] = [
        ("articles", ["id", "title", "ingress", "image", "published_at", "tags", "content", "created", "changed", "saved_at"]),
        ("sync_state", ["id", "last_refresh", "origin"]),
    ]
}
