/// Text from bytes that must already be UTF-8, or nil. `String(validating:as:)` says this in one call but needs
/// macOS 15 / iOS 18, newer than the package's platforms: `String(decoding:as:)` (as old as Swift 5) repairs what
/// is not UTF-8 with U+FFFD, so the bytes were valid exactly when the decoded text's UTF-8 is the bytes themselves
/// (a repair always changes the first bad byte: U+FFFD's own bytes are valid).
public enum ValidUTF8 {
    public static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        return string.utf8.elementsEqual(bytes) ? string : nil
    }
}
