/// How the terminal shows pictures.
public enum PictureMode: Sendable, Equatable {
    /// Not at all: scenes draw their placeholders (no colour, 16 colours, or turned off).
    case off
    /// Two pixels a cell: `▀` with the upper pixel as its foreground and the lower as its background, in 24-bit
    /// colour or the 256-colour palette (dithered).
    case halfBlocks(ColorMode)
    /// Real pixels through kitty's graphics protocol (kitty, Ghostty), with half blocks in the cells beneath.
    case kitty
    /// Real pixels through iTerm2's inline images (iTerm2, WezTerm), with half blocks in the cells beneath.
    case iTerm2

    /// The variable that chooses: `off`, `blocks`, `kitty`, `iterm2`, or `auto` (the default).
    public static let environmentVariable = "FEATUREHOST_PICTURES"

    public var showsPictures: Bool { self != .off }

    /// The colours the cells' half blocks use.
    public var cellColors: ColorMode {
        switch self {
        case .off: .none
        case .halfBlocks(let mode): mode
        case .kitty, .iTerm2: .trueColor
        }
    }

    /// Whether pixels go to the terminal besides the cells.
    public var usesPixelProtocol: Bool { self == .kitty || self == .iTerm2 }

    /// From the environment and the colour mode already chosen (`ColorMode.detect`), with the reason in words
    /// (`featurehost list` and the docs say the same):
    /// - `NO_COLOR`, or only 16 colours: off (placeholders), whatever is asked.
    /// - `FEATUREHOST_PICTURES=off` off, `blocks` half blocks, `kitty` / `iterm2` that protocol.
    /// - Otherwise a pixel protocol where the terminal says it has one (kitty: `TERM=xterm-kitty` or
    ///   `KITTY_WINDOW_ID`; Ghostty: `TERM_PROGRAM=ghostty`; iTerm2: `TERM_PROGRAM=iTerm.app` or
    ///   `LC_TERMINAL=iTerm2`; WezTerm: `TERM_PROGRAM=WezTerm`), except inside tmux or screen (`TMUX`, `STY`, or
    ///   `TERM` starting `tmux`/`screen`), which do not pass them on; then half blocks.
    public static func detect(environment: [String: String], colorMode: ColorMode) -> (mode: PictureMode, reason: String) {
        let asked = environment[environmentVariable]?.lowercased() ?? "auto"
        switch colorMode {
        case .none: return (.off, "NO_COLOR is set: placeholders")
        case .ansi16: return (.off, "the terminal shows 16 colours: placeholders")
        case .trueColor, .ansi256: break
        }
        let blocks = PictureMode.halfBlocks(colorMode)
        let colors = colorMode == .trueColor ? "24-bit" : "256-colour"
        switch asked {
        case "off", "none", "no", "0", "false": return (.off, "\(environmentVariable)=\(asked): placeholders")
        case "blocks", "halfblocks", "half-blocks": return (blocks, "\(environmentVariable)=\(asked): \(colors) half blocks")
        case "kitty": return (.kitty, "\(environmentVariable)=kitty: kitty graphics")
        case "iterm2", "iterm": return (.iTerm2, "\(environmentVariable)=\(asked): iTerm2 inline images")
        default: break
        }
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
            return (blocks, "inside tmux or screen, which pass no pixels: \(colors) half blocks")
        }
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || program == "ghostty" || term == "xterm-ghostty" {
            return (.kitty, "the terminal speaks kitty graphics")
        }
        if program == "iterm.app" || environment["LC_TERMINAL"]?.lowercased() == "iterm2" || program == "wezterm" {
            return (.iTerm2, "the terminal shows iTerm2 inline images")
        }
        return (blocks, "\(colors) half blocks")
    }
}
