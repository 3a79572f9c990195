import FeatureHostCore
import InvitationsFeature
import TerminalUI

/// Draws the invitations presenter's view state and turns keys into its actions.
@MainActor
public final class InvitationsTerminalScene: TerminalScene {
    public let presenter: InvitationsPresenter

    public init(presenter: InvitationsPresenter) { self.presenter = presenter }

    /// The request form (three fields with their errors, a status line and Send) needs 18 rows; 60 columns
    /// keep the longest field error on one line.
    public let minimumSize = Size(width: 60, height: 18)

    public var keyHints: [KeyHint] { InvitationsKeyMap.hints(for: presenter.viewState) }

    /// A modal keeps every key, Esc included, even while it sends (then Esc does nothing and is not listed).
    public var leavesEscapeToShell: Bool { presenter.viewState.modal == nil }

    public func render(size: Size) -> Frame {
        guard size.fits(minimumSize) else { return Frame.tooSmall(size: size, minimum: minimumSize) }
        let state = presenter.viewState
        var frame = Frame(size: size)
        PageView.draw(state, in: &frame)
        switch state.modal {
        case nil: break
        case .requestForm(let form): FormView.draw(form, in: &frame)
        case .cancelAlert(let alert): AlertView.draw(alert, in: &frame)
        case .celebration(let celebration): CelebrationView.draw(celebration, in: &frame)
        }
        return frame
    }

    public func handle(_ key: Key) -> KeyHandling {
        let (action, handling) = InvitationsKeyMap.action(for: key, in: presenter.viewState)
        if let action { presenter.send(action) }
        return handling
    }
}
