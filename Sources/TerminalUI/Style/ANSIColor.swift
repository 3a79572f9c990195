/// The sixteen colours every terminal has. Their look follows the user's theme, which is why a scene may
/// prefer them to RGB values.
public enum ANSIColor: UInt8, Sendable, Hashable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// xterm's default palette: the reference for RGB approximations and nearest-colour matching.
    public var components: (red: UInt8, green: UInt8, blue: UInt8) {
        switch self {
        case .black: (0, 0, 0)
        case .red: (205, 0, 0)
        case .green: (0, 205, 0)
        case .yellow: (205, 205, 0)
        case .blue: (0, 0, 238)
        case .magenta: (205, 0, 205)
        case .cyan: (0, 205, 205)
        case .white: (229, 229, 229)
        case .brightBlack: (127, 127, 127)
        case .brightRed: (255, 0, 0)
        case .brightGreen: (0, 255, 0)
        case .brightYellow: (255, 255, 0)
        case .brightBlue: (92, 92, 255)
        case .brightMagenta: (255, 0, 255)
        case .brightCyan: (0, 255, 255)
        case .brightWhite: (255, 255, 255)
        }
    }

    /// Kebab-case name as used in view states and config: `red`, `bright-blue`.
    public var name: String {
        let base = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"][Int(rawValue % 8)]
        return rawValue < 8 ? base : "bright-" + base
    }
}
