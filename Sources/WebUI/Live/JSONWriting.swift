/// The few JSON pieces patch messages need, written by hand so key order and escaping are fixed: compact, and
/// every string safe on one SSE `data:` line and inside a `<script>` (no raw line terminator, no `</`).
enum JSONWriting {
    static func string(_ value: String, into output: inout String) {
        // Most text needs no escape at all: then it is copied whole.
        if !needsEscaping(value) {
            output += "\""
            output += value
            output += "\""
            return
        }
        output += "\""
        var previous: Unicode.Scalar = " "
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            // JavaScript before ES2019 ends a line at U+2028/9 inside a string; SSE never sees them raw either.
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            // `<\/` keeps `</script>` from closing a script element the JSON might be embedded in.
            case "/" where previous == "<": output += "\\/"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += "\\u" + hex4(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
            previous = scalar
        }
        output += "\""
    }

    /// Whether any byte may need an escape: a quote, a backslash, a control, DEL, a slash (after `<`), or the
    /// lead byte of U+2028/U+2029.
    private static func needsEscaping(_ value: String) -> Bool {
        value.utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == UInt8(ascii: "/")
                || byte == 0xE2
        }
    }

    static func string(_ value: String) -> String {
        var output = ""
        string(value, into: &output)
        return output
    }

    static func path(_ path: [Int]) -> String {
        "[" + path.map(String.init).joined(separator: ",") + "]"
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension PatchOp {
    /// `{"op":"text","path":[0,2,1],"text":"5"}` and the like, keys in the order the contract shows.
    public var json: String {
        switch self {
        case .text(let path, let text):
            return #"{"op":"text","path":"# + JSONWriting.path(path) + #","text":"# + JSONWriting.string(text) + "}"
        case .attributes(let path, let tag, let set, let remove):
            let setMembers = set.keys.sorted().map { JSONWriting.string($0) + ":" + JSONWriting.string(set[$0] ?? "") }
            let removeItems = remove.map { JSONWriting.string($0) }
            return #"{"op":"attrs","path":"# + JSONWriting.path(path) + #","tag":"# + JSONWriting.string(tag)
                + #","set":{"# + setMembers.joined(separator: ",") + #"},"remove":["#
                + removeItems.joined(separator: ",") + "]}"
        case .replace(let path, let html):
            return #"{"op":"replace","path":"# + JSONWriting.path(path) + #","html":"# + JSONWriting.string(html) + "}"
        case .morph(let path, let tag, let html):
            return #"{"op":"morph","path":"# + JSONWriting.path(path) + #","tag":"# + JSONWriting.string(tag)
                + #","html":"# + JSONWriting.string(html) + "}"
        }
    }
}
