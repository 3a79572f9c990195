import Foundation
import FuzzSupport
import WebUI

/// The web server's request parser: any bytes give requests, a 4xx/5xx error or a wait for more, and the
/// result does not depend on how the bytes arrive (the parser's own promise). Small limits make the 413, 414
/// and 431 paths reachable with short inputs; the default limits run too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let whole = HTTPReading.inOneRead(input.bytes, parser: HTTPRequestParser(headLimit: 256, bodyLimit: 128))
    let piecewise = HTTPReading.byteByByte(input.bytes, parser: HTTPRequestParser(headLimit: 256, bodyLimit: 128))
    fuzzInvariant(whole == piecewise, "one read gave \(whole), byte by byte gave \(piecewise)")
    for request in whole.requests {
        guard let expected = ConnectionReference.keepAlive(request) else { continue }
        fuzzInvariant(request.keepAlive == expected, "keepAlive is \(request.keepAlive), Foundation's reading says \(expected)")
    }
    // The framing fields the parser notes from the names' bytes agree with the header list read by name.
    for request in whole.requests {
        let lengths = request.headers.values(for: "Content-Length")
        fuzzInvariant(request.headers.values(for: "Transfer-Encoding").isEmpty, "a request with Transfer-Encoding was taken")
        fuzzInvariant(lengths.count <= 1, "a request with \(lengths.count) Content-Length fields was taken")
        fuzzInvariant(request.headers.values(for: "Host").count <= 1, "a request with several Host fields was taken")
        fuzzInvariant(lengths.first.map { Int($0) == request.body.count } ?? request.body.isEmpty, "the body is not Content-Length long")
    }
    _ = HTTPReading.inOneRead(input.bytes, parser: HTTPRequestParser())
    return 0
}

/// `Connection` read the way the server read it before issue 37 (Foundation's trimming and lowercasing): the byte
/// reading must agree with it on every request whose `Connection` is ASCII. Beyond ASCII the two differ on purpose:
/// options are tokens (RFC 9110 §7.6.1), so a Kelvin sign is not a `k` and a no-break space is not whitespace.
enum ConnectionReference {
    static func keepAlive(_ request: HTTPServerRequest) -> Bool? {
        let values = request.headers.values(for: "Connection")
        guard values.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
        let tokens =
            values
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch request.version {
        case .http11: return !tokens.contains("close")
        case .http10: return tokens.contains("keep-alive") && !tokens.contains("close")
        }
    }
}

/// What a connection would see: the requests in order, then the error that ends it, if any.
enum HTTPReading {
    struct Outcome: Equatable {
        var requests: [HTTPServerRequest] = []
        var error: HTTPRequestError?
    }

    static func inOneRead(_ bytes: [UInt8], parser: HTTPRequestParser) -> Outcome {
        var parser = parser
        var outcome = Outcome()
        drain(&parser, first: parser.feed(bytes), into: &outcome)
        return outcome
    }

    static func byteByByte(_ bytes: [UInt8], parser: HTTPRequestParser) -> Outcome {
        var parser = parser
        var outcome = Outcome()
        for byte in bytes where outcome.error == nil {
            drain(&parser, first: parser.feed([byte]), into: &outcome)
        }
        return outcome
    }

    /// Takes every complete request out (pipelining), as the server does before it reads again.
    private static func drain(_ parser: inout HTTPRequestParser, first: HTTPRequestParser.ParseResult, into outcome: inout Outcome) {
        var result = first
        while true {
            switch result {
            case .needMoreData:
                return
            case .error(let error):
                outcome.error = error
                return
            case .request(let request):
                outcome.requests.append(request)
                result = parser.feed([])
            }
        }
    }
}
