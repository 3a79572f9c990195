/// One Server-Sent Events message (WHATWG HTML §9.2), framed so no value can start a field or end the event.
public struct ServerSentEvent: Sendable, Equatable {
    public var event: String?
    public var data: String
    public var id: String?
    /// The client's reconnection delay in milliseconds.
    public var retry: Int?

    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The message text, ending with the blank line that dispatches it.
    public var encoded: String {
        var text = ""
        if let event { text += "event: \(Self.singleLine(event))\n" }
        if let id {
            // A NUL makes the client ignore the id field, so it goes too.
            text += "id: \(Self.singleLine(id).replacingNUL())\n"
        }
        if let retry, retry >= 0 { text += "retry: \(retry)\n" }
        // CR LF, CR and LF all end a line in the stream: each data line becomes its own `data:` field, which
        // the client joins back with LF. The space after the colon is the one the client strips, so a line's
        // own leading space survives.
        if !data.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            // One line (a patch's JSON always is): copied whole, not split scalar by scalar.
            text += "data: "
            text += data
            return text + "\n\n"
        }
        for line in Self.lines(data) { text += "data: \(line)\n" }
        return text + "\n"
    }

    public var bytes: [UInt8] { Array(encoded.utf8) }

    /// A comment line: keeps an idle connection open through proxies; the client ignores it.
    public static func comment(_ text: String) -> String {
        lines(text).map { ": \($0)\n" }.joined() + "\n"
    }

    /// Splits on CR LF, CR and LF, as the SSE parser does (by scalars: Swift keeps CR LF as one Character).
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if scalar == "\r" || scalar == "\n" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// A field that must stay one line: line breaks become spaces.
    static func singleLine(_ text: String) -> String {
        lines(text).joined(separator: " ")
    }
}

extension String {
    fileprivate func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\0" }))
    }
}
