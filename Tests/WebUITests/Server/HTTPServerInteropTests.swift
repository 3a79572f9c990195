import Foundation
import Testing
import WebUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real HTTP client (URLSession, libcurl on Linux) against the server: framing and keep-alive as others read them.
@Suite(.serialized) struct HTTPServerInteropTests {
    @Test func urlSessionGetsAndPosts() async throws {
        let fixture = try ServerFixture()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let base = try #require(URL(string: "http://127.0.0.1:\(fixture.port)"))

        let (data, response) = try await session.data(from: base.appendingPathComponent("hello"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "hello")

        var post = URLRequest(url: base.appendingPathComponent("echo"))
        post.httpMethod = "POST"
        post.httpBody = Data("abcdef".utf8)
        let (echoed, _) = try await session.data(for: post)
        #expect(String(decoding: echoed, as: UTF8.self) == "len=6")

        let (_, missing) = try await session.data(from: base.appendingPathComponent("nowhere"))
        #expect((missing as? HTTPURLResponse)?.statusCode == 404)
        #expect(fixture.errors.current.isEmpty)
    }
}
