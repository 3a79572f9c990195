import FeatureHostCore
import FeatureHostTesting
import Foundation
import WebUI
import WebUITesting

/// A real server on 127.0.0.1 with a few routes the tests drive, and what its handler saw.
///
/// - `/hello`: 200 "hello", keep-alive.
/// - `/echo`: 200 with the body's length, keep-alive.
/// - `/big?n=K`: 200 with K KiB of the letter b, keep-alive.
/// - `/held`: the responder is kept in `heldResponder` and `held` opens; the test answers.
/// - `/stream`: a stream is opened, kept in `streams`, and `streamOpened` opens.
/// - `/drop`: the handler drops its responder unanswered.
/// - `/twice`: answered twice ("first", then "second", which must be ignored).
final class ServerFixture: Sendable {
    let server: HTTPServer
    let errors = Locked<[String]>([])
    let handled = Locked<[String]>([])
    let heldResponder = Locked<HTTPResponder?>(nil)
    let held = BlockingGate()
    let streams = Locked<[HTTPStream]>([])
    let streamOpened = BlockingGate()

    init(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        let errors = errors
        var configuration = HTTPServer.Configuration(onRequestError: { line in errors.withValue { $0.append(line) } })
        configure(&configuration)
        let handled = handled
        let heldResponder = heldResponder
        let held = held
        let streams = streams
        let streamOpened = streamOpened
        server = try HTTPServer.start(configuration) { request, responder in
            handled.withValue { $0.append(request.path) }
            switch request.path {
            case "/hello":
                responder.send(HTTPServerResponse(status: .ok, body: Array("hello".utf8), keepAlive: true))
            case "/echo":
                responder.send(HTTPServerResponse(status: .ok, body: Array("len=\(request.body.count)".utf8), keepAlive: true))
            case "/big":
                let kib = request.queryItems.first { $0.name == "n" }.flatMap { Int($0.value) } ?? 64
                responder.send(HTTPServerResponse(status: .ok, body: [UInt8](repeating: 0x62, count: kib * 1024), keepAlive: true))
            case "/held":
                heldResponder.withValue { $0 = responder }
                held.open()
            case "/stream":
                let stream = responder.openStream(headers: [("Content-Type", "text/event-stream")])
                streams.withValue { $0.append(stream) }
                streamOpened.open()
            case "/drop":
                break
            case "/twice":
                responder.send(HTTPServerResponse(status: .ok, body: Array("first".utf8), keepAlive: true))
                responder.send(HTTPServerResponse(status: .ok, body: Array("second".utf8), keepAlive: true))
            default:
                responder.send(HTTPServerResponse(status: .notFound, keepAlive: true))
            }
        }
    }

    var port: UInt16 { server.port }

    func client(readTimeoutSeconds: Int = 60) throws -> RawHTTPClient {
        try RawHTTPClient(port: server.port, readTimeoutSeconds: readTimeoutSeconds)
    }

    deinit { server.stop() }
}
