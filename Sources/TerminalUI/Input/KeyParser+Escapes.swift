extension KeyParser {
    /// Turns a typed-in key script into bytes: `\r`, `\n`, `\t`, `\e` (ESC), `\\` and `\xNN` are decoded,
    /// everything else is taken as UTF-8, including a backslash that starts no known escape.
    /// Used by `featurehost snapshot --input`.
    public static func decodeEscapes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                bytes += Array(String(scalar).utf8)
                index += 1
                continue
            }
            let escaped: UInt8? =
                switch scalars[index + 1] {
                case "r": 0x0D
                case "n": 0x0A
                case "t": 0x09
                case "e": 0x1B
                case "\\": UInt8(ascii: "\\")
                default: nil
                }
            if let escaped {
                bytes.append(escaped)
                index += 2
            } else if scalars[index + 1] == "x", let value = hexByte(scalars, at: index + 2) {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(UInt8(ascii: "\\"))
                index += 1
            }
        }
        return bytes
    }

    private static func hexByte(_ scalars: [Unicode.Scalar], at index: Int) -> UInt8? {
        guard index + 1 < scalars.count else { return nil }
        let digits = scalars[index...(index + 1)]
        guard digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        return UInt8(String(String.UnicodeScalarView(digits)), radix: 16)
    }
}
