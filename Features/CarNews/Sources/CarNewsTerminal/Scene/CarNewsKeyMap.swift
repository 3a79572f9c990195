import TerminalUI

/// The keys of the car news screen, as what they ask for. The list and the article read them differently:
/// `next` moves the selection in one and scrolls the other.
enum CarNewsKeyMap {
    enum Command: Equatable {
        case refresh
        case next
        case previous
        case pageDown
        case pageUp
        case first
        case last
        case open
        case back
    }

    static func command(for key: Key) -> Command? {
        switch key {
        case .character("r"), .character("R"): return .refresh
        case .down, .tab: return .next
        case .up, .backTab: return .previous
        case .pageDown: return .pageDown
        case .pageUp: return .pageUp
        case .home: return .first
        case .end: return .last
        case .enter: return .open
        case .escape: return .back
        default: return nil
        }
    }
}
