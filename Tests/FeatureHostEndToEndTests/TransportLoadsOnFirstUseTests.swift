import DataSources
import FeatureHostCore
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

/// Issue 37, point 5: libcurl and the libraries it brings (11.6 MB mapped) come into `serve` only when a feature first
/// needs the network. Car news on a local feed never maps it; the first fetch of an http source maps it and works.
/// Each case reads the child's own `/proc/<pid>/maps`, so what this test process loaded does not count.
@Suite(.serialized, .onItsOwnThread) struct TransportLoadsOnFirstUseTests {
    @Test func carNewsOnALocalFeedNeverLoadsTheTransport() async throws {
        let directory = try TemporaryDirectory()
        let feed = directory.file("feed.json")
        try Self.feed(title: "Read from a file").write(to: feed, atomically: true, encoding: .utf8)
        let serve = try ServeWithPages(
            config: #"{"features":[{"id":"car-news","source":{"kind":"json-file","path":"\#(feed.path)"}}]}"#, in: directory)
        defer { serve.stop() }
        try await serve.waitForPage("/f/car-news", toContain: "Read from a file")
        #expect(try !serve.mapsLibcurl(), "car news on a local feed mapped libcurl")
    }

    @Test func theFirstFetchLoadsTheTransportAndItWorks() async throws {
        let feedServer = try LoopbackHTTPServer { _ in .json(Self.feed(title: "Fetched from loopback")) }
        defer { feedServer.stop() }
        let directory = try TemporaryDirectory()
        let source = #"{"kind":"http","url":"\#(feedServer.url("feed").absoluteString)","timeout":10,"cache":false}"#
        let serve = try ServeWithPages(config: #"{"features":[{"id":"car-news","source":\#(source)}]}"#, in: directory)
        defer { serve.stop() }
        try await serve.waitForPage("/f/car-news", toContain: "Fetched from loopback")
        #expect(try serve.mapsLibcurl(), "the fetch worked without libcurl mapped: another transport answered")
    }

    /// One article without a picture, in the API's shape.
    static func feed(title: String) -> String {
        #"{"status":"success","content":[{"id":1,"title":"\#(title)","ingress":"An ingress.","image":"","#
            + #""dateTime":"02.03.2026 07:45","tags":[],"content":[],"created":1772437500,"changed":1772437500}]}"#
    }
}

/// `featurehost serve` as a child with a config of the test's, and its pages fetched over loopback with this run's
/// host name and token (through the live transport, trusting the page's own origin).
private final class ServeWithPages: Sendable {
    private let child: Process
    private let origin: URL
    private let host: String
    private let port: Int
    private let cookie: String
    private let transport: LiveHTTPTransport

    init(config: String, in directory: TemporaryDirectory) throws {
        let configFile = directory.file("featurehost.json")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let process = FeaturehostProcess(in: directory.url)
        let child = Process()
        child.executableURL = FeaturehostProcess.executable
        child.arguments = ["serve", "--port", "0", "--config", configFile.path, "--data-dir", directory.file("data").path]
        child.environment = process.environment
        child.currentDirectoryURL = directory.url
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        child.standardInput = FileHandle.nullDevice
        try child.run()
        self.child = child
        // The first line is the page's address with the token: `http://featurehost-….localhost:PORT/?token=…`.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        guard let address = URLComponents(string: text), let host = address.host, let port = address.port,
            let token = address.queryItems?.first(where: { $0.name == "token" })?.value,
            let origin = URL(string: "http://\(host):\(port)")
        else {
            child.terminate()
            throw ServeFailure(description: "serve printed no address: \(text)")
        }
        self.origin = origin
        self.host = "\(host):\(port)"
        self.port = port
        cookie = "featurehost-token=\(token)"
        transport = LiveHTTPTransport(resolving: ["\(host):\(port):127.0.0.1"])
        Thread.detachNewThread { while !output.fileHandleForReading.availableData.isEmpty {} }
    }

    /// Opens `path` as a browser does (the page, its event stream, the `hello` that makes the feature appear) and
    /// reads the stream until it shows `text`, within the idle timeout.
    func waitForPage(_ path: String, toContain text: String) async throws {
        var page = HTTPRequest(url: origin.appendingPathComponent(path), headers: ["Cookie": cookie], timeout: 30)
        page.trustedOrigin = HTTPOrigin(origin)
        let html = String(decoding: try await transport.send(page).body, as: UTF8.self)
        guard let marker = html.range(of: #"data-fh-session=""#),
            let end = html[marker.upperBound...].firstIndex(of: "\"")
        else { throw ServeFailure(description: "\(path) has no session: \(html.prefix(400))") }
        let session = String(html[marker.upperBound..<end])
        let stream = try LoopbackStream(port: port)
        defer { stream.close() }
        try stream.send("GET /s/\(session)/events?v=0 HTTP/1.1\r\nHost: \(host)\r\nCookie: \(cookie)\r\n\r\n")
        var hello = HTTPRequest(
            method: "POST", url: origin.appendingPathComponent("s/\(session)/event"),
            headers: ["Cookie": cookie, "Origin": origin.absoluteString, "Content-Type": "application/json"],
            body: Data(#"{"kind":"hello","visible":true}"#.utf8), timeout: 30)
        hello.trustedOrigin = HTTPOrigin(origin)
        let answer = try await transport.send(hello)
        guard answer.status == 204 else { throw ServeFailure(description: "hello answered \(answer.status)") }
        let received = try stream.read(until: text, seconds: TestHost.idleTimeout)
        guard received.contains(text) else {
            throw ServeFailure(description: "\(path)'s stream never showed \"\(text)\"; it sent: \(received.suffix(400))")
        }
    }

    /// Whether the child maps libcurl; its maps are read to their end (a `/proc` file has no size to go by), and
    /// must name the executable itself, so an empty read never passes for "not mapped".
    func mapsLibcurl() throws -> Bool {
        let path = "/proc/\(child.processIdentifier)/maps"
        guard let file = FileHandle(forReadingAtPath: path) else { throw ServeFailure(description: "\(path) cannot be read") }
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        guard maps.contains("/featurehost") else { throw ServeFailure(description: "\(path) does not name featurehost") }
        return maps.contains("libcurl")
    }

    func stop() {
        child.terminate()
        child.waitUntilExit()
    }
}

/// A blocking TCP connection to 127.0.0.1 that reads an event stream as it comes.
private final class LoopbackStream {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServeFailure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw ServeFailure(description: "connect to 127.0.0.1:\(port): errno \(errno)")
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw ServeFailure(description: "send: errno \(errno)")
        }
    }

    /// What arrived until `text` did, the server closed, or `seconds` passed (each read waits at most a second).
    func read(until text: String, seconds: Double) throws -> String {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let deadline = ContinuousClock.now + .seconds(seconds)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count > 0 {
                received += buffer[0..<count]
                if String(decoding: received, as: UTF8.self).contains(text) { break }
            }
        }
        return String(decoding: received, as: UTF8.self)
    }

    func close() { Glibc.close(descriptor) }
}

private struct ServeFailure: Error, CustomStringConvertible {
    let description: String
}
