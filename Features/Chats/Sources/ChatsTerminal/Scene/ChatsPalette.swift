import ChatsFeature
import TerminalUI

/// The chats screens' colours: the original's white iOS look, its orange, and the `#C8C8C8` placeholder.
enum ChatsPalette {
    static let background = Color.rgb(255, 255, 255)
    static let text = Color.rgb(0, 0, 0)
    static let secondary = Color.rgb(110, 110, 115)
    static let separator = Color.rgb(198, 198, 200)
    static let orange = Color.rgb(255, 149, 0)
    /// The unread badge: the web page's darker orange (#B84A00), 5.2:1 on white and 4.8:1 on the selection's tint,
    /// where the logo's orange reads at 2.2:1.
    static let unread = Color.rgb(184, 74, 0)
    static let selection = Color.rgb(255, 243, 228)
    static let placeholder = Color.rgb(200, 200, 200)
    static let loaderIdle = Color.rgb(229, 229, 234)
    static let error = Color.rgb(215, 0, 21)
    /// What shows around the list while it is scaled below 100 % (UIKit's window background).
    static let window = Color.rgb(0, 0, 0)

    static let plain = Style(foreground: text, background: background)
    static let blankCell = Cell(" ", style: plain)

    static func avatar(_ color: AvatarColor) -> Color {
        switch color {
        case .coral: .rgb(255, 111, 97)
        case .amber: .rgb(230, 160, 0)
        case .olive: .rgb(120, 150, 40)
        case .teal: .rgb(0, 150, 136)
        case .sky: .rgb(3, 155, 229)
        case .indigo: .rgb(63, 81, 181)
        case .violet: .rgb(142, 36, 170)
        case .rose: .rgb(216, 27, 96)
        }
    }
}
