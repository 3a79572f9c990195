import FeatureHostCore
import InvitationsFeature
import Observation
import WebUI

/// The invitations page: draws the presenter's view state as HTML and turns page events into the
/// presenter's binding-style actions (the browser owns the fields' text and focus).
///
/// Events: `activate` (the page's button) opens the form or the cancel alert; `input` on a field sets its
/// text (`change` commits it to the input's attributes, see `HeldInput`); `submit` of `send` sets every
/// field from the submitted values, then presses Send; `dismiss` (the backdrop, the form's ✕, a
/// celebration's OK, Escape) closes the top modal; `keep` and `confirm-cancel` are
/// the alert's choices. Anything that does not belong to what is open is ignored.
///
/// Observable: the held inputs are view-local state that events change and `render` reads. Confetti frames
/// publish a state 20 times a second; the page draws its own burst, so those renders give the same bytes and
/// the session sends nothing for them.
@MainActor
@Observable
public final class InvitationsWebScene: WebScene {
    typealias ViewState = InvitationsPresenter.ViewState
    public let presenter: InvitationsPresenter
    /// Fields being edited, with their input's attributes held until the edit is committed (`HeldInput`).
    private var editStart: [InvitationField: HeldInput] = [:]
    /// Sends refused for invalid fields, so the page can bring the first one into view each time.
    private var failedSends = 0

    public init(presenter: InvitationsPresenter) {
        self.presenter = presenter
    }

    public func render() -> HTML {
        InvitationsPageMarkup.root(presenter.viewState, heldValues: editStart, failedSends: failedSends)
    }

    public func handle(_ event: PageEvent) -> WebEventHandling {
        let state = presenter.viewState
        let action = InvitationsWebAction(name: event.action)
        switch (event.kind, state.modal) {
        case (.click, nil) where action == .activate:
            forgetHeldInputs()
            presenter.send(.activate)
            return .handled
        case (.input, .requestForm(let form)):
            guard let field = action?.field, let value = event.value, !form.isSending else {
                return .ignored
            }
            guard let current = form.fields.first(where: { $0.id == field }) else { return .ignored }
            if editStart[field] == nil { editStart[field] = HeldInput(current) }
            // The field already says it: sending the same text again would only publish an equal state.
            guard current.text != value else { return .handled }
            presenter.send(.setText(field: field, value))
            return .handled
        case (.change, .requestForm):
            guard let field = action?.field else { return .ignored }
            if editStart[field] != nil { editStart[field] = nil }
            return .handled
        case (.submit, .requestForm(let form)) where action == .send:
            guard !form.isSending else { return .ignored }
            forgetHeldInputs()
            for field in form.fields {
                guard let value = event.fields[field.id.rawValue], value != field.text else { continue }
                presenter.send(.setText(field: field.id, value))
            }
            presenter.send(.focus(.send))
            presenter.send(.activate)
            if case .requestForm(let after) = presenter.viewState.modal, !after.isSending,
                after.fields.contains(where: { $0.error != nil })
            {
                failedSends += 1
            }
            return .handled
        case (.click, .cancelAlert) where action == .keep:
            return choose(.keep)
        case (.click, .cancelAlert) where action == .confirmCancel:
            return choose(.cancelInvite)
        case (.click, .some), (.submit, .celebration):
            guard action == .dismiss else { return .ignored }
            return dismiss(state)
        case (.key, .some):
            guard event.key == "Escape" || (event.key == "Enter" && state.isCelebrating) else { return .ignored }
            return dismiss(state)
        default:
            return .ignored
        }
    }

    /// Written only when there is something to forget: every write is a change the page's render loop sees.
    private func forgetHeldInputs() {
        if !editStart.isEmpty { editStart.removeAll() }
    }

    private func choose(_ choice: ViewState.CancelAlert.Choice) -> WebEventHandling {
        presenter.send(.focus(.alert(choice)))
        presenter.send(.activate)
        return .handled
    }

    private func dismiss(_ state: ViewState) -> WebEventHandling {
        // The presenter keeps the form open while it sends; say so rather than claim a change.
        if case .requestForm(let form) = state.modal, form.isSending { return .ignored }
        presenter.send(.dismiss)
        return .handled
    }
}

extension InvitationsPresenter.ViewState {
    var isCelebrating: Bool {
        if case .celebration = modal { return true }
        return false
    }
}
