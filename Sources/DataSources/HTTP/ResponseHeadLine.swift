/// The checks RFC 9112 asks of a response's head that libcurl leaves to us, on each line as curl hands it over
/// (its line end included). libcurl keeps a bare CR inside a line (`Foo: 1\rBar: 2` became one header holding
/// both), a field name with a space, and two spaces before the status code (conformance review 6).
package enum ResponseHeadLine {
    /// What is wrong with the line, in words for an error message, or nil when nothing is.
    package static func fault(in line: UnsafeRawBufferPointer) -> String? {
        var end = line.count
        if end > 0, line[end - 1] == 0x0A { end -= 1 }
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        let content = line[..<end]
        // RFC 9112, 2.2: a bare CR anywhere but before the LF must be refused (or replaced, which hides the fault).
        if content.contains(0x0D) { return "a line of its head holds a bare carriage return (CR)" }
        if content.starts(with: Array("HTTP/1.".utf8)) {
            // 4: HTTP-version SP 3DIGIT SP reason-phrase; the version's minor digit is at 7.
            let digits = content.dropFirst(9).prefix(3)
            guard content.count >= 12, content[content.startIndex + 8] == 0x20, digits.allSatisfy({ (0x30...0x39).contains($0) })
            else { return "its status line is not \"HTTP/1.x\", one space and a three-digit status" }
            return nil
        }
        // A field line: RFC 9110 5.1 makes the name a token, so no space or tab before the colon. A line that
        // starts with one is an obsolete continuation (obs-fold), which curl handles.
        guard let first = content.first, first != 0x20, first != 0x09, let colon = content.firstIndex(of: UInt8(ascii: ":"))
        else { return nil }
        if content[..<colon].contains(where: { $0 == 0x20 || $0 == 0x09 }) {
            return "a header name holds a space"
        }
        return nil
    }
}
