import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite(.onItsOwnThread) struct ImageCacheTests {
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

    /// The server's origin: these images come from the configured source's own server, as a feed's may.
    var origin: HTTPOrigin? { HTTPOrigin(server.baseURL) }

    /// A long deadline: no test here waits for one, and under the thread sanitizer beside the hostile-reply tests a
    /// loopback request can take seconds to arrive.
    func cache(capacity: Int = ImageCache.defaultCapacity) -> ImageCache {
        ImageCache(
            directory: directory.url.appendingPathComponent("images"), transport: LiveHTTPTransport(), capacity: capacity, timeout: 60)
    }

    @Test func anImageIsFetchedOnceAndServedFromDiskAfterARestart() async throws {
        let first = try await cache().image(at: server.url("a.png"), trusting: origin)
        #expect(first.contentType == "image/png" && first.byteCount == Self.png.count)
        let again = try await cache().image(at: server.url("a.png"), trusting: origin)
        #expect(again == first, "a new cache over the same folder finds the entry")
        #expect(server.requests.count == 1)
        #expect(cache().cachedImage(forKey: first.key)?.data == Self.png)
    }

    @Test func theBytesDecideTheTypeWhateverTheServerDeclares() async throws {
        let reference = try await cache().image(at: server.url("photo"), trusting: origin)
        #expect(reference.contentType == "image/jpeg")
    }

    @Test func failuresSayWhatWentWrong() async throws {
        let cache = cache()
        await #expect(throws: ImageFailure("The image missing.png could not be loaded: the server answered HTTP 404.")) {
            try await cache.image(at: server.url("missing.png"), trusting: origin)
        }
        await #expect(throws: ImageFailure("The reply for page.html is not an image.")) {
            try await cache.image(at: server.url("page.html"), trusting: origin)
        }
        #expect(cache.storedBytes == 0, "nothing is kept from a failure")
    }

    @Test func manyCallersShareOneFetch() async throws {
        let gate = BlockingGate()
        server.respond(with: LoopbackHTTPServer.Reply.data(Self.png, contentType: "image/png").held(by: gate))
        let cache = cache()
        let url = server.url("a.png")
        let callers = (0..<3).map { _ in Task { try await cache.image(at: url, trusting: origin) } }
        let limit = Date().addingTimeInterval(TestHost.idleTimeout)
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
        let caller = Task { try await cache.image(at: url, trusting: origin) }
        let limit = Date().addingTimeInterval(TestHost.idleTimeout)
        while server.requests.isEmpty, Date() < limit { await Task.yield() }
        caller.cancel()
        await #expect(throws: ImageFailure("The image request was cancelled.")) { try await caller.value }
    }

    /// A FIFO in an entry's place blocked the read for ever; a link may point out of the data directory (issue 35.4).
    @Test(.timeLimit(.minutes(1))) func anEntryThatIsAFIFOOrALinkIsDroppedNotRead() async throws {
        let reference = try await cache().image(at: server.url("a.png"), trusting: origin)
        let file = directory.url.appendingPathComponent("images/\(reference.key).image")
        let outside = directory.url.appendingPathComponent("outside.image")
        try FileManager.default.moveItem(at: file, to: outside)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        #expect(cache().cachedImage(forKey: reference.key) == nil, "a link is not followed")
        #expect(FileManager.default.fileExists(atPath: outside.path), "what it pointed at is left alone")
        try? FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(cache().cachedImage(forKey: reference.key) == nil, "a FIFO is not waited on")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and it is removed")
    }

    @Test func aDamagedEntryIsDroppedAndFetchedAgain() async throws {
        let reference = try await cache().image(at: server.url("a.png"), trusting: origin)
        let file = directory.url.appendingPathComponent("images/\(reference.key).image")
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 10).write(to: file)
        #expect(cache().cachedImage(forKey: reference.key) == nil, "a truncated entry is not served")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and it is removed")
        _ = try await cache().image(at: server.url("a.png"), trusting: origin)
        #expect(server.requests.count == 2)
        #expect(cache().cachedImage(forKey: reference.key)?.data == Self.png)
    }

    @Test func theLeastRecentlyUsedGoFirstPastTheCapacity() async throws {
        // Room for two entries (each is the header plus 100 bytes), not three.
        let cache = cache(capacity: 2 * 200)
        let a = try await cache.image(at: server.url("a.png"), trusting: origin)
        let b = try await cache.image(at: server.url("b.png"), trusting: origin)
        _ = try await cache.image(at: server.url("a.png"), trusting: origin)  // a is now more recent than b
        let c = try await cache.image(at: server.url("c.png"), trusting: origin)
        #expect(cache.cachedImage(forKey: a.key) != nil)
        #expect(cache.cachedImage(forKey: b.key) == nil)
        #expect(cache.cachedImage(forKey: c.key) != nil)
        #expect(cache.storedBytes <= 400)
    }

    @Test func anImageNamedByDataComesOnlyFromPublicHostsOrTheSourcesOrigin() async throws {
        let cache = cache()
        let rule = HTTPDestination.rule
        // Without a trusted origin (a feature whose source is a file), this server is just another local program.
        await #expect(throws: ImageFailure("The image a.png was not fetched: 127.0.0.1 is this machine, and \(rule).")) {
            try await cache.image(at: server.url("a.png"))
        }
        let other = try LoopbackHTTPServer { _ in .data(Self.png, contentType: "image/png") }
        await #expect(throws: ImageFailure("The image a.png was not fetched: 127.0.0.1 is this machine, and \(rule).")) {
            try await cache.image(at: other.url("a.png"), trusting: origin)
        }
        for (text, refusal) in [
            ("http://[::1]:\(server.port)/a.png", "::1 is this machine"),
            ("http://localhost:\(server.port)/a.png", "localhost is this machine"),
            ("http://2130706433:\(server.port)/a.png", "127.0.0.1 is this machine"),
            ("http://169.254.169.254/latest/meta-data/a.png", "169.254.169.254 is a link-local address"),
            ("http://192.168.0.1/a.png", "192.168.0.1 is a private network address"),
            ("ftp://example.org/a.png", "\"ftp\" is not http or https"),
        ] {
            let url = try #require(URL(string: text))
            await #expect(throws: ImageFailure("The image a.png was not fetched: \(refusal), and \(rule)."), "\(text)") {
                try await cache.image(at: url, trusting: origin)
            }
        }
        #expect(server.requests.isEmpty && other.requests.isEmpty, "nothing was asked of either server")
        // The scoped loader a feature gets from the host trusts its source's origin.
        let scoped = cache.scoped(trusting: origin)
        #expect(try await scoped.image(at: server.url("a.png")).contentType == "image/png")
        await #expect(throws: ImageFailure.self) { try await scoped.image(at: other.url("a.png")) }
    }

    @Test func aRedirectFromAnImageToAnotherLocalServerIsRefused() async throws {
        let other = try LoopbackHTTPServer { _ in .data(Self.png, contentType: "image/png") }
        server.respond(with: HostileReply.redirect(to: other.url("a.png").absoluteString))
        await #expect(throws: ImageFailure.self) { try await cache().image(at: server.url("a.png"), trusting: origin) }
        #expect(other.requests.isEmpty)
    }

    @Test func anImageReplyIsBoundedWhileItArrives() async throws {
        let limit = "The image a.png is larger than the 8388608-byte limit."
        for reply in [
            HostileReply.compressionBomb(inflatedSize: 256 << 20), HostileReply.huge(size: 400 << 20),
            HostileReply.huge(size: 400 << 20, framing: .chunked),
            HostileReply.compressionBomb(inflatedSize: 256 << 20, framing: .closeDelimited),
        ] {
            server.respond(with: reply)
            await #expect(throws: ImageFailure(limit)) { try await cache().image(at: server.url("a.png"), trusting: origin) }
        }
        #expect(cache().storedBytes == 0)
    }

    @Test func onlyTheImageTypesTheHostServesAreKeptWhateverTheServerDeclares() async throws {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>"#.utf8)
        let replies: [(String, LoopbackHTTPServer.Reply, String?)] = [
            ("gif", .data(Data("GIF89a".utf8) + Data(count: 20), contentType: "text/html"), "image/gif"),
            ("webp", .data(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8) + Data(count: 20), contentType: "image/webp"), "image/webp"),
            ("svg", .data(svg, contentType: "text/plain"), "image/svg+xml"),
            ("html-as-png", .data(Data("<html><script>alert(1)</script></html>".utf8), contentType: "image/png"), nil),
            ("html-as-svg", .data(Data("<html><svg></svg></html>".utf8), contentType: "image/svg+xml"), nil),
            ("bmp", .data(Data("BM".utf8) + Data(count: 60), contentType: "image/bmp"), nil),
            (
                "svg-with-script",
                .data(Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8), contentType: "image/svg+xml"),
                nil
            ),
            (
                "svg-with-handler",
                .data(Data(#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.utf8), contentType: "image/svg+xml"), nil
            ),
            (
                "svg-with-entities",
                .data(
                    Data(#"<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>"#.utf8),
                    contentType: "image/svg+xml"), nil
            ),
        ]
        let cache = cache()
        for (name, reply, type) in replies {
            server.respond(with: reply)
            let result: Result<ImageReference, ImageFailure>
            do {
                result = .success(try await cache.image(at: server.url(name), trusting: origin))
            } catch {
                result = .failure(error)
            }
            switch (result, type) {
            case (.success(let reference), let type?): #expect(reference.contentType == type, "\(name)")
            case (.failure(let failure), nil): #expect(failure == ImageFailure("The reply for \(name) is not an image."), "\(name)")
            default: Issue.record("\(name): \(result)")
            }
        }
    }

    @Test func aCacheFileIsServedOnlyAsTheImageItsBytesAre() async throws {
        let reference = try await cache().image(at: server.url("a.png"), trusting: origin)
        let file = directory.url.appendingPathComponent("images/\(reference.key).image")
        // Another program rewrites the entry: its header claims an image, its bytes are a web page.
        let page = Data("<html><script>alert(document.cookie)</script></html>".utf8)
        let header = "featurehost-image-1 image/png \(page.count) \(server.url("a.png").absoluteString)\n"
        try (Data(header.utf8) + page).write(to: file)
        #expect(cache().cachedImage(forKey: reference.key) == nil, "never served as an image")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and removed")
        // A header that lies about the type of real image bytes: the bytes decide.
        let gif = Data("GIF89a".utf8) + Data(count: 10)
        try (Data("featurehost-image-1 text/html \(gif.count) \(server.url("a.png").absoluteString)\n".utf8) + gif).write(to: file)
        #expect(cache().cachedImage(forKey: reference.key)?.reference.contentType == "image/gif")
        // A file far larger than any image is not read at all.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()
        #expect(cache().cachedImage(forKey: reference.key) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func anImageAddressPastTheLengthLimitIsRefused() async throws {
        let url = try #require(URL(string: "https://images.example.org/" + String(repeating: "a", count: 9000) + ".png"))
        await #expect(throws: ImageFailure.self) { try await cache().image(at: url) }
    }

    @Test func aKeyThatIsNotOneOfOursNamesNothing() {
        #expect(cache().cachedImage(forKey: "../../preferences") == nil)
        #expect(cache().cachedImage(forKey: "") == nil)
    }
}
