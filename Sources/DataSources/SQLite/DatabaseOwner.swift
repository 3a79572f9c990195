import FeatureHostCore

/// What makes a database file one program's own, so another program's database at the same path (or behind a link)
/// is moved aside instead of adopted: car-news once created its tables inside a foreign file and said nothing.
/// A file the owner made carries its `applicationID` (`claim`); one from before that carries 0 and holds only the
/// owner's tables.
public struct DatabaseOwner: Sendable, Equatable {
    /// For messages: "car-news".
    public var name: String
    /// `PRAGMA application_id`, a 32-bit number of the owner's choosing.
    public var applicationID: Int
    /// Every table the owner makes.
    public var tables: [String]

    public init(name: String, applicationID: Int, tables: [String]) {
        self.name = name
        self.applicationID = applicationID
        self.tables = tables
    }

    /// Throws `DatabaseDamage` for a file that is not the owner's.
    public func check(_ database: SQLiteDatabase) throws {
        let found = try database.applicationID()
        if found != 0, found != applicationID {
            throw DatabaseDamage("it is another program's database (application_id \(found)), not \(name)'s")
        }
        guard found == 0 else { return }
        let names = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { $0[0].string }
        if let foreign = names.first(where: { !tables.contains($0) }) {
            throw DatabaseDamage(
                "it is another program's database (it has a table \(TextLimit.excerpt.apply(foreign)) \(name) does not make)")
        }
    }

    /// Marks the file as the owner's, once its schema is in place.
    public func claim(_ database: SQLiteDatabase) throws {
        guard try database.applicationID() != applicationID else { return }
        try database.execute("PRAGMA application_id = \(applicationID)")
    }
}
