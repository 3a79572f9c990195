import WebUI

/// Bytes of an ASCII/UTF-8 literal, so tables can splice in bytes that are not UTF-8.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Everything a parser yields for `chunks`: each request in order, then the first error if any.
func drain(
    _ chunks: [[UInt8]], headLimit: Int = HTTPRequestParser.defaultHeadLimit,
    bodyLimit: Int = HTTPRequestParser.defaultBodyLimit
) -> [HTTPRequestParser.ParseResult] {
    var parser = HTTPRequestParser(headLimit: headLimit, bodyLimit: bodyLimit)
    var results: [HTTPRequestParser.ParseResult] = []
    for chunk in chunks {
        var result = parser.feed(chunk)
        // Pipelined requests wait in the buffer: feed nothing until the parser asks for more.
        while true {
            if case .needMoreData = result { break }
            results.append(result)
            if case .error = result { return results }
            result = parser.feed([])
        }
    }
    return results
}

func parseWhole(_ raw: [UInt8]) -> HTTPRequestParser.ParseResult {
    var parser = HTTPRequestParser()
    return parser.feed(raw)
}

func request(_ result: HTTPRequestParser.ParseResult) -> HTTPServerRequest? {
    if case .request(let request) = result { return request }
    return nil
}
