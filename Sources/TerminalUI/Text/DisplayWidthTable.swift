/// East Asian Wide and Fullwidth ranges (Unicode EastAsianWidth W/F), merged where the gaps are unassigned.
/// Emoji are recognised by their Emoji_Presentation property instead, so they need no rows here.
enum DisplayWidthTable {
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut, Khitan
        0x1AFF0...0x1B2FF,  // Kana extensions, Nushu
        0x1F200...0x1F265,  // enclosed ideographic supplement
        0x20000...0x3FFFD,  // CJK extensions B and later, planes 2 and 3
    ]

    /// Hangul medial vowels and final consonants: they join the preceding initial into one wide syllable.
    static let joiningJamo: ClosedRange<UInt32> = 0x1160...0x11FF

    static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wide.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wide[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
