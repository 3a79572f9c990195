/// A style as the terminal will show it in one colour mode: colours already reduced to what the mode can
/// express, so two styles that look the same compare equal and cost no escape codes.
struct Pen: Equatable {
    enum Ink: Equatable {
        case standard
        /// One of the sixteen colours, 0...15.
        case ansi(UInt8)
        case indexed(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    var foreground: Ink = .standard
    var background: Ink = .standard
    var bold = false
    var dim = false
    var italic = false
    var underline = false
    var reverse = false

    static let standard = Pen()

    init() {}

    init(_ style: Style, mode: ColorMode) {
        foreground = Self.ink(style.foreground, mode: mode)
        background = Self.ink(style.background, mode: mode)
        bold = style.bold
        dim = style.dim
        italic = style.italic
        underline = style.underline
        reverse = style.reverse
    }

    private static func ink(_ color: Color?, mode: ColorMode) -> Ink {
        guard let color, mode != .none else { return .standard }
        switch (color, mode) {
        case (.ansi(let ansi), _): return .ansi(ansi.rawValue)
        case (.rgb(let r, let g, let b), .trueColor): return .rgb(r, g, b)
        case (.rgb(let r, let g, let b), .ansi256): return .indexed(ColorConversion.ansi256(red: r, green: g, blue: b))
        case (.rgb(let r, let g, let b), _): return .ansi(ColorConversion.ansi16(red: r, green: g, blue: b).rawValue)
        }
    }

    /// Appends the shortest SGR sequence that turns `self` into `target`; nothing when they are equal.
    func appendTransition(to target: Pen, into buffer: inout ANSIBuffer) {
        guard self != target else { return }
        var codes = SGRCodes()
        if target == .standard {
            codes.add(0)
        } else {
            // 22 turns off both bold and dim, so the one that stays on is set again.
            if (bold && !target.bold) || (dim && !target.dim) {
                codes.add(22)
                if target.bold { codes.add(1) }
                if target.dim { codes.add(2) }
            } else {
                if target.bold && !bold { codes.add(1) }
                if target.dim && !dim { codes.add(2) }
            }
            if italic != target.italic { codes.add(target.italic ? 3 : 23) }
            if underline != target.underline { codes.add(target.underline ? 4 : 24) }
            if reverse != target.reverse { codes.add(target.reverse ? 7 : 27) }
            if foreground != target.foreground { codes.add(target.foreground, base: 30) }
            if background != target.background { codes.add(target.background, base: 40) }
        }
        codes.write(into: &buffer)
    }
}

/// The parameters of one `ESC [ … m` sequence.
private struct SGRCodes {
    private var values: [Int] = []

    mutating func add(_ value: Int) { values.append(value) }

    /// `base` is 30 for foreground, 40 for background.
    mutating func add(_ ink: Pen.Ink, base: Int) {
        switch ink {
        case .standard: values.append(base + 9)
        case .ansi(let index): values.append(index < 8 ? base + Int(index) : base + 60 + Int(index) - 8)
        case .indexed(let index): values += [base + 8, 5, Int(index)]
        case .rgb(let r, let g, let b): values += [base + 8, 2, Int(r), Int(g), Int(b)]
        }
    }

    func write(into buffer: inout ANSIBuffer) {
        guard !values.isEmpty else { return }
        buffer.append(0x1B)
        buffer.append(UInt8(ascii: "["))
        for (position, value) in values.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ";")) }
            buffer.appendDecimal(value)
        }
        buffer.append(UInt8(ascii: "m"))
    }
}
