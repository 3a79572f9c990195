import FeatureHostCore

/// How many terminal columns text occupies: East Asian wide and fullwidth characters and emoji take two,
/// combining marks, joiners and controls none, everything else one.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        // Fast path: printable ASCII is one column per byte.
        var asciiWidth = 0
        var isPlainASCII = true
        for byte in text.utf8 {
            if byte >= 0x20 && byte < 0x7F {
                asciiWidth += 1
            } else {
                isPlainASCII = false
                break
            }
        }
        if isPlainASCII { return asciiWidth }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The width of one grapheme: the widest of its scalars, at most 2. A variation selector can force
    /// emoji (U+FE0F, two columns) or text (U+FE0E, one column) presentation.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return of(scalar) }
        var width = 0
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: return 2
            case 0xFE0E: return 1
            default: width = max(width, of(scalar))
            }
        }
        return min(width, 2)
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20, value < 0x7F { return 1 }
        // Controls and format characters (bidi overrides among them): the one definition the web page shares.
        if InvisibleControls.contains(scalar) { return 0 }
        if value == 0xAD { return 1 }  // soft hyphen: a format character that terminals still show
        if DisplayWidthTable.joiningJamo.contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation || DisplayWidthTable.isWide(value) { return 2 }
        return 1
    }
}
