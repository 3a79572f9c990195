import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite struct ImageCacheTests {
    /// The 8-byte PNG signature and a little more: enough for the cache to know it is an image.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 92))
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 1, count: 96))

    let directory: TemporaryDirectory
    let server: LoopbackHTTPServer

    init() throws {
        directory = try TemporaryDirectory("image-cache")
        server = try LoopbackHTTPServer()
        server.respond { request in
            switch request.path {
            case "/a.png", "/b.png", "/c.png": return .data(Self.png, contentType: "image/png")
            case "/photo": return .data(Self.jpeg, contentType: "application/octet-stream")
            case "/page.html": return .text("<html>not found</html>")
            default: return LoopbackHTTPServer.Reply(status: 404)
            }
        }
    }

    func cache(capacity: Int = ImageCache.defaultCapacity) -> ImageCache {
        ImageCache(directory: directory.url.appendingPathComponent("images"), transport: URLSessionTransport(), capacity: capacity, timeout: 5)
    }

    @Test func anImageIsFetchedOnceAndServedFromDiskAfterARestart() async throws {
        let first = try await cache().image(at: server.url("a.png"))
        #expect(first.contentType == "image/png" && first.byteCount == Self.png.count)
        let again = try await cache().image(at: server.url("a.png"))
        #expect(again == first, "a new cache over the same folder finds the entry")
        #expect(server.requests.count == 1)
        #expect(cache().cachedImage(forKey: first.key)?.data == Self.png)
    }

    @Test func theBytesDecideTheTypeWhateverTheServerDeclares() async throws {
        let reference = try await cache().image(at: server.url("photo"))
        #expect(reference.contentType == "image/jpeg")
    }

    @Test func failuresSayWhatWentWrong() async throws {
        let cache = cache()
        await #expect(throws: ImageFailure("The image missing.png could not be loaded: the server answered HTTP 404.")) {
            try await cache.image(at: server.url("missing.png"))
        }
        await #expect(throws: ImageFailure("The reply for page.html is not an image.")) {
            try await cache.image(at: server.url("page.html"))
        }
        #expect(cache.storedBytes == 0, "nothing is kept from a failure")
    }

    @Test func manyCallersShareOneFetch() async throws {
        let gate = BlockingGate()
        server.respond(with: LoopbackHTTPServer.Reply.data(Self.png, contentType: "image/png").held(by: gate))
        let cache = cache()
        let url = server.url("a.png")
        let callers = (0..<3).map { _ in Task { try await cache.image(at: url) } }
        let limit = Date().addingTimeInterval(10)
        while server.requests.isEmpty, Date() < limit { await Task.yield() }
        gate.open()
        var keys: Set<String> = []
        for caller in callers { keys.insert(try await caller.value.key) }
        #expect(keys.count == 1)
        #expect(server.requests.count == 1)
    }

    @Test func aCancelledCallerStopsWaitingAtOnce() async throws {
        let gate = BlockingGate()
        defer { gate.open() }
        server.respond(with: LoopbackHTTPServer.Reply.data(Self.png, contentType: "image/png").held(by: gate))
        let cache = cache()
        let url = server.url("a.png")
        let caller = Task { try await cache.image(at: url) }
        let limit = Date().addingTimeInterval(10)
        while server.requests.isEmpty, Date() < limit { await Task.yield() }
        caller.cancel()
        await #expect(throws: ImageFailure("The image request was cancelled.")) { try await caller.value }
    }

    @Test func aDamagedEntryIsDroppedAndFetchedAgain() async throws {
        let reference = try await cache().image(at: server.url("a.png"))
        let file = directory.url.appendingPathComponent("images/\(reference.key).image")
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 10).write(to: file)
        #expect(cache().cachedImage(forKey: reference.key) == nil, "a truncated entry is not served")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and it is removed")
        _ = try await cache().image(at: server.url("a.png"))
        #expect(server.requests.count == 2)
        #expect(cache().cachedImage(forKey: reference.key)?.data == Self.png)
    }

    @Test func theLeastRecentlyUsedGoFirstPastTheCapacity() async throws {
        // Room for two entries (each is the header plus 100 bytes), not three.
        let cache = cache(capacity: 2 * 200)
        let a = try await cache.image(at: server.url("a.png"))
        let b = try await cache.image(at: server.url("b.png"))
        _ = try await cache.image(at: server.url("a.png"))  // a is now more recent than b
        let c = try await cache.image(at: server.url("c.png"))
        #expect(cache.cachedImage(forKey: a.key) != nil)
        #expect(cache.cachedImage(forKey: b.key) == nil)
        #expect(cache.cachedImage(forKey: c.key) != nil)
        #expect(cache.storedBytes <= 400)
    }

    @Test func aKeyThatIsNotOneOfOursNamesNothing() {
        #expect(cache().cachedImage(forKey: "../../preferences") == nil)
        #expect(cache().cachedImage(forKey: "") == nil)
    }
}
