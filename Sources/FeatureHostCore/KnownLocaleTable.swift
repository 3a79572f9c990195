/// The locales the toolchain's ICU knows on Linux (`Locale.availableIdentifiers`), each with the clock of its `j`
/// skeleton, as ICU answered when `KnownLocaleTable+Identifiers.swift` was written.
///
/// The first question to ICU in a process costs about 2 ms (it loads the locale's calendar data and a pattern
/// generator), most of what `featurehost list` does besides starting (docs/architecture.md, "Start-up"); the table
/// answers in microseconds. `KnownLocaleTableTests` asks ICU about every locale it knows and fails, writing the file
/// anew beside the old one, when the table says otherwise: a new toolchain cannot make it wrong silently. Only on
/// Linux, where the toolchain brings its own ICU; elsewhere the system's ICU answers, and so does it here for an
/// identifier the table does not hold (`de-DE`, one with keywords).
package enum KnownLocaleTable {
    /// The clock ICU gives `identifier`, or `nil` when the table does not hold it.
    package static func hourCycle(of identifier: String) -> HourCycle? {
        #if os(Linux)
            if holds(identifier, in: twelveHourIdentifiers) { return .twelveHour }
            if holds(identifier, in: twentyFourHourIdentifiers) { return .twentyFourHour }
        #endif
        return nil
    }

    /// Whether the table holds `identifier` (so ICU knows it); `false` says nothing: ask ICU.
    package static func contains(_ identifier: String) -> Bool { hourCycle(of: identifier) != nil }

    /// Whether `list`, words separated by spaces or line breaks, has `identifier` as one of its words.
    static func holds(_ identifier: String, in list: StaticString) -> Bool {
        let needle = Array(identifier.utf8)
        guard !needle.isEmpty, !needle.contains(where: isSeparator) else { return false }
        let words = UnsafeBufferPointer(start: list.utf8Start, count: list.utf8CodeUnitCount)
        var start = 0
        while start < words.count {
            var end = start
            while end < words.count, !isSeparator(words[end]) { end += 1 }
            if end - start == needle.count, words[start..<end].elementsEqual(needle) { return true }
            start = end + 1
        }
        return false
    }

    private static func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") }
}
