/// The few JSON pieces patch messages need, written by hand so key order and escaping are fixed: compact, and
/// every string safe on one SSE `data:` line and inside a `<script>` (no raw line terminator, no `</`). Written
/// as UTF-8 bytes, copying the runs that need no escape whole: a patch's HTML is mostly such runs.
enum JSONWriting {
    static func string(_ value: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            // Ends the run of bytes copied as they are before `index`, and skips `length` bytes after it.
            func flush(skipping length: Int) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + length
            }
            func backslash(_ letter: UInt8) {
                flush(skipping: 1)
                output.append(UInt8(ascii: "\\"))
                output.append(letter)
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): backslash(byte)
                case UInt8(ascii: "\n"): backslash(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): backslash(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): backslash(UInt8(ascii: "t"))
                case 0x08: backslash(UInt8(ascii: "b"))
                case 0x0C: backslash(UInt8(ascii: "f"))
                // `<\/` keeps `</script>` from closing a script element the JSON might be embedded in.
                case UInt8(ascii: "/") where index > 0 && bytes[index - 1] == UInt8(ascii: "<"): backslash(byte)
                // JavaScript before ES2019 ends a line at U+2028/9 inside a string; SSE never sees them raw either.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
                    flush(skipping: 3)
                    output.append(contentsOf: (bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                    index += 2
                case 0..<0x20, 0x7F:
                    flush(skipping: 1)
                    output.append(contentsOf: ("\\u" + hex4(UInt32(byte))).utf8)
                default:
                    break
                }
                index += 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    static func string(_ value: String) -> String {
        var output: [UInt8] = []
        string(value, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Literal JSON text (keys, punctuation, numbers) the caller knows needs no escaping.
    static func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension PatchOp {
    /// `{"op":"morph","key":"offer-modal","html":"…"}` and the like, keys in the order the contract shows.
    public var json: String {
        var output: [UInt8] = []
        writeJSON(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    func writeJSON(into output: inout [UInt8]) {
        switch self {
        case .attributes(let key, let set, let remove):
            JSONWriting.append(#"{"op":"attrs","key":"#, to: &output)
            JSONWriting.string(key, into: &output)
            JSONWriting.append(#","set":{"#, to: &output)
            for (index, name) in set.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONWriting.string(name, into: &output)
                output.append(UInt8(ascii: ":"))
                JSONWriting.string(set[name] ?? "", into: &output)
            }
            JSONWriting.append(#"},"remove":["#, to: &output)
            for (index, name) in remove.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONWriting.string(name, into: &output)
            }
            JSONWriting.append("]}", to: &output)
        case .morph(let key, let html), .replace(let key, let html):
            JSONWriting.append(self.isMorph ? #"{"op":"morph","key":"# : #"{"op":"replace","key":"#, to: &output)
            JSONWriting.string(key, into: &output)
            JSONWriting.append(#","html":"#, to: &output)
            JSONWriting.string(html, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private var isMorph: Bool {
        if case .morph = self { true } else { false }
    }

    /// About the op's JSON size, before escaping: what the diff weighs fine ops against one morph with.
    var estimatedBytes: Int {
        switch self {
        case .attributes(let key, let set, let remove):
            40 + key.utf8.count + set.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 }
                + remove.reduce(0) { $0 + $1.utf8.count + 3 }
        case .morph(let key, let html), .replace(let key, let html):
            32 + key.utf8.count + html.utf8.count
        }
    }
}
