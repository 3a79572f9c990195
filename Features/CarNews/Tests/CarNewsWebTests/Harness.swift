import CarNewsFeature
import CarNewsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import WebUI
import WebUITesting

@testable import CarNewsWeb

/// The feature on a test host, with its web scene as a page makes it. The articles and pictures come from a
/// scripted loopback server (`answer`); anything else is unreachable, as with no network.
@MainActor
final class WebHarness {
    nonisolated static let url = URL(string: "http://127.0.0.1:8080/articles")!

    let host: TestHost
    let feature: CarNewsFeature
    let scene: CarNewsWebScene

    var state: CarNewsViewState { feature.presenter.viewState }

    init(_ answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse = WebFixtures.server()) throws {
        let base = try Harness(loopback: ScriptedTransport(answer: answer))
        host = base.host
        feature = try base.feature(.http(Self.url))
        guard let scene = feature.makeWebScene() as? CarNewsWebScene else {
            throw HarnessError("the feature did not make a CarNewsWebScene")
        }
        self.scene = scene
    }

    /// What the host's session does the first time the page is shown, then every effect applied.
    func appear(settle: Bool = true) async {
        feature.handle(.appear)
        if settle { await host.settle() }
    }

    @discardableResult
    func send(_ event: PageEvent) async -> WebEventHandling {
        let handling = scene.handle(event)
        await host.settle()
        return handling
    }

}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum WebFixtures {
    /// The real server's quirks (the feature tests' `quirkyReply`: escaped slashes and dashes, an apostrophe,
    /// trailing spaces, `serverTime`), with the pictures on the loopback server: the Q7's loads, the A8's is 404.
    static let quirkyReply = #"""
        {"status":"success","content":[{"id":119302,"title":"Q7 \u2013 Greatness starts, when you don't stop.","ingress":"The new Q7 is lighter. ","image":"http:\/\/127.0.0.1:8080\/files\/audi_q7.png","dateTime":"25.05.2018 14:13","tags":[],"content":[{"type":"text","subject":"Lighter by 325 kg","description":"Aluminium brings the weight down. "}],"created":1527257580,"changed":1527257613},{"id":119301,"title":"A8 \u2013 night vision","ingress":"An infrared camera.","image":"http:\/\/127.0.0.1:8080\/files\/missing.png","dateTime":"16.03.2026 09:05","tags":["night","safety"],"content":[],"created":1773651900,"changed":1773651900},{"id":119300,"title":"No picture <b>here</b>","ingress":"","image":"","dateTime":"20.12.2017 21:43","tags":[],"content":[],"created":1513806180,"changed":1513806180}],"serverTime":1658175403}
        """#

    /// `count` articles, one a minute from 2026-03-16 00:00 UTC, each with a picture on the loopback server.
    static func manyArticles(_ count: Int) -> String {
        let items = (0..<count).map { index in
            let minute = index % 60
            let hour = index / 60 % 24
            return
                #"{"id":\#(1000 + index),"title":"Article \#(index)","ingress":"Ingress.","image":"http:\/\/127.0.0.1:8080\/files\/car\#(index).png","dateTime":"16.03.2026 \#(hour < 10 ? "0" : "")\#(hour):\#(minute < 10 ? "0" : "")\#(minute)","tags":[],"content":[]}"#
        }
        return #"{"status":"success","content":[\#(items.joined(separator: ","))]}"#
    }

    /// Answers `/articles` with `replies` in order (the last repeats), `/files/missing.png` with 404 and any
    /// other `/files/…` with a PNG.
    static func server(_ replies: [Result<HTTPResponse, HTTPError>] = [.success(ok(quirkyReply))])
        -> @Sendable (HTTPRequest) throws -> HTTPResponse
    {
        let script = ScriptedTransportScript(replies)
        return { request in
            let path = request.url.path
            if path.hasPrefix("/files/") {
                if path.hasSuffix("missing.png") { return HTTPResponse(status: 404) }
                return HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: SampleImage.png)
            }
            return try script.next().get()
        }
    }

    static func ok(_ body: String) -> HTTPResponse { HTTPResponse(status: 200, body: Data(body.utf8)) }
}

/// Replies in order, the last repeating; shared by the requests of one server.
final class ScriptedTransportScript: @unchecked Sendable {
    // Only touched under `lock`.
    private let lock = NSLock()
    private var replies: [Result<HTTPResponse, HTTPError>]

    init(_ replies: [Result<HTTPResponse, HTTPError>]) { self.replies = replies }

    func next() -> Result<HTTPResponse, HTTPError> {
        lock.withLock {
            if replies.count > 1 { return replies.removeFirst() }
            return replies.first ?? .failure(.failed(WebHarness.url, reason: "no reply scripted"))
        }
    }
}
