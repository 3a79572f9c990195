import FeatureHostTesting
import Foundation

/// A car-news API on 127.0.0.1 that attacks the host in one way per `Attack`: the feed itself, or the pictures its
/// articles name, are compression bombs or huge bodies. Shared by the end-to-end memory test and the benchmark,
/// which run a real `featurehost snapshot car-news` against it and read the process's peak memory.
package final class HostileFeedServer: Sendable {
    package enum Attack: String, CaseIterable, Sendable {
        /// A well-behaved feed with small pictures: the baseline.
        case none
        /// Every picture is 2 GiB of zeros gzip-compressed to 2 MiB, with an honest Content-Length.
        case imageBomb = "image-bomb"
        /// The same bombs without a length (chunked).
        case imageBombChunked = "image-bomb-chunked"
        /// Every picture is 400 MiB, announced.
        case hugeImage = "huge-image"
        /// Every picture is 400 MiB, chunked, so only counting can stop it.
        case hugeImageChunked = "huge-image-chunked"
        /// The feed is a 2 GiB gzip bomb.
        case feedBomb = "feed-bomb"
        /// The feed is 400 MiB without a length.
        case hugeFeed = "huge-feed"
        /// The feed is valid and just under the 16 MiB limit: about 37,000 articles with long titles. What a server
        /// can make the host hold without breaking a rule.
        case fullFeed = "full-feed"
    }

    package static let inflatedBombSize = 2 << 30
    package static let hugeSize = 400 << 20
    package static let articleCount = 8

    package let server: LoopbackHTTPServer

    package init() throws {
        server = try LoopbackHTTPServer()
        // Built once: the bomb is 2 MiB, generated bit by bit.
        let bomb = CompressionBomb.zeros(count: Self.inflatedBombSize, wrapper: .gzip)
        let base = server.baseURL.absoluteString
        let fullFeed = Self.fullFeed(images: "\(base)/image/full-feed")
        server.respond { request in
            let parts = request.path.split(separator: "/").map(String.init)
            switch (parts.first, parts.dropFirst().first.flatMap(Attack.init(rawValue:))) {
            case ("feed", .feedBomb?):
                return LoopbackHTTPServer.Reply(
                    headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], stream: .data(bomb))
            case ("feed", .hugeFeed?):
                return LoopbackHTTPServer.Reply(
                    headers: ["Content-Type": "application/json"], stream: .padded(Array("[".utf8), to: Self.hugeSize),
                    framing: .closeDelimited)
            case ("feed", .fullFeed?):
                return .json(fullFeed)
            case ("feed", let attack?):
                return .json(Self.feed(images: "\(base)/image/\(attack.rawValue)"))
            case ("image", .imageBomb?):
                return LoopbackHTTPServer.Reply(headers: ["Content-Type": "image/png", "Content-Encoding": "gzip"], stream: .data(bomb))
            case ("image", .imageBombChunked?):
                return LoopbackHTTPServer.Reply(
                    headers: ["Content-Type": "image/png", "Content-Encoding": "gzip"], stream: .data(bomb), framing: .chunked)
            case ("image", .hugeImage?): return HostileReply.huge(size: Self.hugeSize)
            case ("image", .hugeImageChunked?): return HostileReply.huge(size: Self.hugeSize, framing: .chunked)
            case ("image", _): return .data(SampleImage.png, contentType: "image/png")
            default: return LoopbackHTTPServer.Reply(status: 404)
            }
        }
    }

    /// The config that points car-news at this server for `attack`.
    package func config(_ attack: Attack) -> String {
        #"{"features":[{"id":"car-news","source":{"kind":"http","url":"\#(server.url("feed/\(attack.rawValue)").absoluteString)","timeout":60}}]}"#
    }

    /// As many articles of about 450 bytes as fit in 16 MiB (about 37,000).
    static func fullFeed(images: String) -> String {
        let title = String(repeating: "A long title ", count: 20)
        let head = #"{"status":"success","serverTime":1773664440,"content":["#
        var articles: [String] = []
        var size = head.utf8.count + 2
        for number in 1... {
            let article =
                #"{"id":\#(number),"title":"\#(title)\#(number)","ingress":"","image":"\#(images)/\#(number).png","dateTime":"02.03.2026 07:45","tags":[],"content":[],"created":1772437500,"changed":1772437500}"#
            guard size + article.utf8.count + 1 <= 16 * 1024 * 1024 else { break }
            size += article.utf8.count + 1
            articles.append(article)
        }
        return head + articles.joined(separator: ",") + "]}"
    }

    /// The car-news API's shape with `articleCount` articles, each picture at a URL of its own under `images`.
    static func feed(images: String) -> String {
        let articles = (1...articleCount).map { number in
            #"{"id":\#(number),"title":"Article \#(number)","ingress":"","image":"\#(images)/\#(number).png","dateTime":"0\#(number).03.2026 07:45","tags":[],"content":[],"created":1772437500,"changed":1772437500}"#
        }
        return #"{"status":"success","content":[\#(articles.joined(separator: ","))],"serverTime":1773664440}"#
    }
}
