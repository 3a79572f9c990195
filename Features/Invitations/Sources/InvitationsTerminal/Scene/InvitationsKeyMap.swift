import InvitationsFeature
import TerminalUI

/// Which presenter actions a key means on the current screen, and the footer's hints for that screen: a pure
/// function of the key and the view state.
enum InvitationsKeyMap {
    typealias Action = InvitationsPresenter.Action
    typealias ViewState = InvitationsPresenter.ViewState

    /// The actions, in order (none when the key does nothing here), and whether the key was the scene's: an
    /// ignored one goes to the shell (Esc and q go back). Ctrl-U and Ctrl-W are several deletions.
    static func actions(for key: Key, in state: ViewState) -> (actions: [Action], handling: KeyHandling) {
        let (action, handling) = action(for: key, in: state)
        if let action { return ([action], handling) }
        guard case .requestForm(let form) = state.modal, !form.isSending,
            let field = form.fields.first(where: \.isFocused), case .control(let byte) = key
        else { return ([], handling) }
        return (LineEditing.actions(control: byte, text: field.text, cursor: field.cursor), handling)
    }

    /// The one action a key means, or `nil` with how the key was taken.
    static func action(for key: Key, in state: ViewState) -> (action: Action?, handling: KeyHandling) {
        switch state.modal {
        case nil:
            // The page has one control: only Enter does something.
            return key == .enter ? (.activate, .handled) : (nil, .ignored)
        case .requestForm(let form):
            return formAction(for: key, editing: form.fields.contains(where: \.isFocused))
        case .cancelAlert:
            switch key {
            case .tab, .down, .right: return (.focusNext, .handled)
            case .backTab, .up, .left: return (.focusPrevious, .handled)
            case .enter: return (.activate, .handled)
            case .escape: return (.dismiss, .handled)
            default: return (nil, .handled)
            }
        case .celebration:
            switch key {
            case .enter, .escape: return (.dismiss, .handled)
            default: return (nil, .handled)
            }
        }
    }

    /// With a modal open every key is the modal's, so a typed `q` never leaves the feature mid-form. A paste is
    /// one insertion into the focused field (its tabs and line breaks become spaces there), never keys that
    /// move to the next field; Alt with a key does nothing, and never closes the form as Esc would.
    private static func formAction(for key: Key, editing: Bool) -> (action: Action?, handling: KeyHandling) {
        switch key {
        case .paste(let text) where editing: return (.insert(text), .handled)
        case .tab, .down: return (.focusNext, .handled)
        case .backTab, .up: return (.focusPrevious, .handled)
        case .enter: return (.activate, .handled)
        case .escape: return (.dismiss, .handled)
        case .character(let character) where editing: return (.insert(String(character)), .handled)
        case .backspace where editing: return (.deleteBackward, .handled)
        case .delete where editing: return (.deleteForward, .handled)
        case .left where editing: return (.moveCursor(.left), .handled)
        case .right where editing: return (.moveCursor(.right), .handled)
        case .home where editing: return (.moveCursor(.start), .handled)
        case .end where editing: return (.moveCursor(.end), .handled)
        default: return (nil, .handled)
        }
    }

    static func hints(for state: ViewState) -> [KeyHint] {
        switch state.modal {
        case nil:
            return [KeyHint(key: "Enter", action: state.page.button)]
        case .requestForm(let form):
            // Most useful first, and short enough for an 80-column footer.
            if form.isSending { return [KeyHint(key: "Tab/↑↓", action: "move")] }
            var hints = [
                KeyHint(key: "Enter", action: form.isSendFocused ? "send" : "next field"), KeyHint(key: "Esc", action: "close"),
                KeyHint(key: "Tab/↑↓", action: "move"),
            ]
            if !form.isSendFocused {
                hints += [KeyHint(key: "←→ Home End", action: "cursor"), KeyHint(key: "Bksp/Del", action: "erase")]
            }
            return hints
        case .cancelAlert(let alert):
            // Each action once: on "keep" Enter and Esc do the same thing.
            if alert.focus == .keep {
                return [KeyHint(key: "Enter/Esc", action: "keep invite"), KeyHint(key: "←/→", action: "choose")]
            }
            return [
                KeyHint(key: "Enter", action: "cancel invite"), KeyHint(key: "Esc", action: "keep invite"),
                KeyHint(key: "←/→", action: "choose"),
            ]
        case .celebration:
            return [KeyHint(key: "Enter/Esc", action: "OK")]
        }
    }
}
