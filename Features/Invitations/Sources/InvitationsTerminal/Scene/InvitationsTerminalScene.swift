import FeatureHostCore
import InvitationsFeature
import Observation
import TerminalUI

/// Draws the invitations presenter's view state and turns keys into its actions.
///
/// Observable: how far a long status message is scrolled is view-local state that PgUp/PgDn change and the
/// render reads. It belongs to one message: a new one starts at its top.
@MainActor
@Observable
public final class InvitationsTerminalScene: TerminalScene {
    public let presenter: InvitationsPresenter
    private var statusScroll: (text: String, top: Int)?
    /// The status lines the last render showed (the window's size decides them): what PgUp/PgDn move.
    @ObservationIgnored private var lastStatus = FormView.StatusWindow()

    public init(presenter: InvitationsPresenter) { self.presenter = presenter }

    /// The request form (three fields with their errors, a status line and Send) needs 18 rows; 60 columns
    /// keep the longest field error on one line.
    public let minimumSize = Size(width: 60, height: 18)

    public var keyHints: [KeyHint] {
        var hints = InvitationsKeyMap.hints(for: presenter.viewState)
        if case .requestForm = presenter.viewState.modal, lastStatus.overflows {
            hints.insert(KeyHint(key: "PgUp/PgDn", action: "message"), at: min(1, hints.count))
        }
        return hints
    }

    /// A modal keeps every key, Esc included, even while it sends (then Esc does nothing and is not listed).
    public var leavesEscapeToShell: Bool { presenter.viewState.modal == nil }

    public func render(size: Size) -> Frame {
        guard size.fits(minimumSize) else { return Frame.tooSmall(size: size, minimum: minimumSize) }
        let state = presenter.viewState
        var frame = Frame(size: size)
        PageView.draw(state, in: &frame)
        switch state.modal {
        case nil: break
        case .requestForm(let form): lastStatus = FormView.draw(form, in: &frame, statusTop: statusTop(form))
        case .cancelAlert(let alert): AlertView.draw(alert, in: &frame)
        case .celebration(let celebration): CelebrationView.draw(celebration, in: &frame)
        }
        return frame
    }

    public func handle(_ key: Key) -> KeyHandling {
        if case .requestForm(let form) = presenter.viewState.modal, let text = form.status?.text, lastStatus.overflows,
            key == .pageDown || key == .pageUp
        {
            let page = max(1, lastStatus.rows - 1)
            let top = statusTop(form) + (key == .pageDown ? page : -page)
            statusScroll = (text, min(max(0, top), lastStatus.maximumTop))
            return .handled
        }
        let (actions, handling) = InvitationsKeyMap.actions(for: key, in: presenter.viewState)
        for action in actions { presenter.send(action) }
        return handling
    }

    private func statusTop(_ form: InvitationsPresenter.ViewState.RequestForm) -> Int {
        guard let scroll = statusScroll, scroll.text == form.status?.text else { return 0 }
        return scroll.top
    }
}
