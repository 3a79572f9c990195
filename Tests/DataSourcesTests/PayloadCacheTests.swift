import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// The payload cache's file, damaged in the ways a file in the data directory can be: each is moved aside and
/// rebuilt with a notice, never a SQLite message on every load, never a silent miss.
@Suite struct PayloadCacheTests {
    let directory: TemporaryDirectory
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    init() throws { directory = try TemporaryDirectory("payload-cache") }

    var file: URL { directory.file("payloads.sqlite") }

    func cacheAfter(_ damage: (SQLiteDatabase) throws -> Void) throws -> PayloadCache {
        do {
            let cache = try PayloadCache(file: file, now: now)
            try cache.save(Data("saved".utf8), forKey: "k", at: now)
        }
        do { try damage(try SQLiteDatabase(file: file)) }
        return try PayloadCache(file: file, now: now)
    }

    func expectRecovered(_ cache: PayloadCache, because reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let aside = file.path + ".corrupt-20231114-221320"
        #expect(
            cache.recoveryNotice == "The cache \(file.path) was damaged (\(reason)); it was moved to \(aside) and a new one was started.",
            sourceLocation: sourceLocation)
        #expect(FileManager.default.fileExists(atPath: aside), sourceLocation: sourceLocation)
        try cache.save(Data("new".utf8), forKey: "k", at: now)
        #expect(try cache.entry(forKey: "k")?.body == Data("new".utf8), sourceLocation: sourceLocation)
    }

    @Test func aMissingTableIsRebuilt() throws {
        let cache = try cacheAfter { try $0.execute("DROP TABLE payloads") }
        #expect(try cache.entry(forKey: "k") == nil)
        try expectRecovered(cache, because: "the table payloads is missing")
    }

    @Test func aNewerSchemaIsMovedAsideNotAnErrorOnEveryLoad() throws {
        let cache = try cacheAfter { try $0.execute("PRAGMA user_version = 7") }
        #expect(try cache.entry(forKey: "k") == nil)
        try expectRecovered(cache, because: "it has schema version 7, newer than the 1 this version knows")
    }

    @Test func anUnreadableRowIsDamageNotAMiss() throws {
        let cache = try cacheAfter { try $0.execute("UPDATE payloads SET body = 42, saved_at = 'noon'") }
        #expect(try cache.entry(forKey: "k") == nil)
        try expectRecovered(cache, because: "the saved payload cannot be read")
    }

    @Test func aTableDroppedWhileOpenIsFoundByTheNextSave() throws {
        let cache = try PayloadCache(file: file, now: now)
        try SQLiteDatabase(file: file).execute("DROP TABLE payloads")
        try cache.save(Data("after".utf8), forKey: "k", at: now)
        #expect(cache.recoveryNotice?.contains("(no such table: payloads)") == true)
        #expect(try cache.entry(forKey: "k")?.body == Data("after".utf8))
    }
}
