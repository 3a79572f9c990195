import FeatureHostCore
import Testing
import WebUI
import WebUITesting

/// Whatever clients send, the server keeps serving: random bytes, truncated requests, resets, from many
/// clients at once. Seeded, so a failure replays.
@Suite(.serialized) struct HTTPServerGarbageTests {
    static let fragments = [
        "GET / HTTP/1.1\r\n", "Host: a\r\n", "\r\n", "POST /echo HTTP/1.1\r\n", "Content-Length: 5\r\n",
        "Content-Length: 99999999999999999999\r\n", "Transfer-Encoding: chunked\r\n", "GET /hello HTTP/1.0\r\n",
        "\n", "\r", ":", " ", "%", "%00", "\u{0}", "HEAD /stream HTTP/1.1\r\n", "GET /stream HTTP/1.1\r\n",
        "Connection: keep-alive\r\n", "Connection: close\r\n", "GET /drop HTTP/1.1\r\n",
    ]

    @Test(arguments: [1, 2, 3] as [UInt64])
    func garbageFromManyClientsNeverStopsTheServer(seed: UInt64) throws {
        let fixture = try ServerFixture { $0.requestDeadline = .seconds(1) }
        var random = SplitMix64(seed: seed)
        var clients: [RawHTTPClient] = []
        for index in 0..<60 {
            let client = try fixture.client(readTimeoutSeconds: 5)
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                if Bool.random(using: &random) {
                    bytes += Array(Self.fragments.randomElement(using: &random)?.utf8 ?? "".utf8)
                } else {
                    bytes += (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                }
            }
            // A failed send means the server already refused and closed: that is fine too.
            try? client.send(bytes)
            switch index % 3 {
            case 0: client.reset()
            case 1: client.close()
            default: clients.append(client)
            }
        }
        let good = try fixture.client()
        try good.send(get("/hello"))
        #expect(try good.readResponse().bodyText == "hello")
        // Every kept client ends within the deadline, answered or not (streams once closed); none hangs the server.
        for stream in fixture.streams.current { stream.close() }
        for client in clients { _ = try? client.waitForClose() }
        let after = try fixture.client()
        try after.send(get("/hello"))
        #expect(try after.readResponse().bodyText == "hello")
    }
}
