import DataSources
import Dispatch
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// The data layer's shared objects used from many threads at once, as the web surface's sessions do: under
/// `swift test --sanitize=thread` (CI runs this suite so) these are the paths where a race would show.
@Suite struct ThreadCrossingTests {
    @Test func anImageCacheAskedForManyImagesAtOnceServesEachAndKeepsItsCapacity() async throws {
        let directory = try TemporaryDirectory("image-cache-threads")
        let server = try LoopbackHTTPServer()
        server.respond { _ in .data(ImageCacheTests.png, contentType: "image/png") }
        // Room for about four images, so eviction runs while other callers read and write.
        let cache = ImageCache(
            directory: directory.url, transport: LiveHTTPTransport(), capacity: 4 * (ImageCacheTests.png.count + 100), timeout: 60)
        let urls = (0..<8).map { server.url("image-\($0).png") }
        let origin = HTTPOrigin(server.baseURL)
        let keys = try await withThrowingTaskGroup(of: String.self) { group in
            for round in 0..<3 {
                for url in urls {
                    group.addTask {
                        let reference = try await cache.image(at: url, trusting: origin)
                        _ = cache.cachedImage(forKey: reference.key)
                        _ = cache.storedBytes
                        return "\(round) \(reference.key)"
                    }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1.split(separator: " ")[1].description) }
        }
        #expect(keys.count == urls.count)
        #expect(cache.storedBytes <= 4 * (ImageCacheTests.png.count + 100), "the capacity holds however the calls interleave")
    }

    @Test func oneDatabaseSharedByManyThreadsKeepsEveryRow() throws {
        let db = try SQLiteDatabase(file: nil)
        try db.execute("CREATE TABLE t (writer INTEGER, n INTEGER)")
        let writers = 4
        let rowsEach = 100
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for n in 0..<rowsEach {
                // A transaction that reads too: the recursive lock lets the body run statements of its own.
                _ = try? db.transaction {
                    try db.run("INSERT INTO t (writer, n) VALUES (?, ?)", [.integer(Int64(writer)), .integer(Int64(n))])
                    return try db.query("SELECT count(*) AS c FROM t WHERE writer = ?", [.integer(Int64(writer))])
                }
            }
        }
        #expect(try db.query("SELECT count(*) AS c FROM t").first?["c"].int == writers * rowsEach)
    }

    @Test func anInMemoryStoreWrittenAndReadFromManyThreadsKeepsTheLastValueOfEachKey() {
        let store = InMemoryKeyValueStore()
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for n in 0..<25 {
                #expect(throws: Never.self) { try store.set(Data("\(n)".utf8), forKey: "k\(writer)") }
                _ = store.data(forKey: "k\((writer + 1) % 4)")
            }
        }
        #expect((0..<4).map { store.data(forKey: "k\($0)") } == Array(repeating: Data("24".utf8), count: 4))
    }

    @Test func twoFileStoresOfOneFileSavedFromManyThreadsLoseNoKey() throws {
        let directory = try TemporaryDirectory("plist-store-threads")
        let suite = directory.url.appendingPathComponent("settings")
        // Two features' stores over the one file, as the host makes them: each save must keep the other's keys.
        let stores = [try PlistFileStore(suiteFile: suite, prefix: "a."), try PlistFileStore(suiteFile: suite, prefix: "b.")]
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            let store = stores[writer % 2]
            for n in 0..<10 {
                #expect(throws: Never.self) { try store.set(Data("\(n)".utf8), forKey: "k\(writer)") }
                _ = stores[(writer + 1) % 2].data(forKey: "k\((writer + 1) % 4)")
            }
        }
        let reread = [try PlistFileStore(suiteFile: suite, prefix: "a."), try PlistFileStore(suiteFile: suite, prefix: "b.")]
        #expect((0..<4).map { reread[$0 % 2].data(forKey: "k\($0)") } == Array(repeating: Data("9".utf8), count: 4))
        #expect(stores.allSatisfy { $0.damageNotice == nil })
    }
}
