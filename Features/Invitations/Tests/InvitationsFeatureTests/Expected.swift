import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import InvitationsFeature

typealias ViewState = InvitationsPresenter.ViewState

/// Whole expected view states, so each test compares everything the screen shows.
@MainActor
enum Expected {
    static func notRegistered(focused: Bool = true, notice: String? = nil, modal: ViewState.Modal? = nil) -> ViewState {
        ViewState(
            brand: "BROCCOLI & CO.",
            page: ViewState.Page(
                kind: .notRegistered, title: "A better way to enjoy every day.", text: "Be the first to know when we launch.",
                button: "Request an invite", isButtonFocused: focused),
            notice: notice, modal: modal)
    }

    static func registered(name: String, email: String, notice: String? = nil, modal: ViewState.Modal? = nil) -> ViewState {
        ViewState(
            brand: "BROCCOLI & CO.",
            page: ViewState.Page(
                kind: .registered, title: "You're already registered.",
                text: "Thanks, \(name). Your invitation will be emailed to \(email) when we launch.", button: "Cancel invite",
                isButtonFocused: modal == nil),
            notice: notice, modal: modal)
    }

    enum Focus: Equatable {
        case field(InvitationField)
        case send
    }

    /// The form with `texts` (cursor at the end unless `cursors` says otherwise).
    static func form(
        _ texts: [String] = ["", "", ""], focus: Focus = .field(.fullName), errors: [InvitationField: String] = [:],
        cursors: [InvitationField: Int] = [:], sending: Bool = false, status: ViewState.Status? = nil
    ) -> ViewState.Modal {
        let fields = InvitationField.allCases.enumerated().map { index, field in
            ViewState.Field(
                id: field, label: ["Full name", "Email", "Confirm email"][index],
                placeholder: ["Your first and last name", "name@example.com", "The same email again"][index], text: texts[index],
                cursor: cursors[field] ?? texts[index].count, error: errors[field], isFocused: focus == .field(field))
        }
        return .requestForm(
            ViewState.RequestForm(
                title: "Request an invite", fields: fields, sendButton: "Send", isSendFocused: focus == .send, isSending: sending,
                status: sending ? ViewState.Status(text: "Sending, please wait...", tone: .progress) : status))
    }

    static func error(_ text: String) -> ViewState.Status { ViewState.Status(text: text, tone: .error) }

    static func alert(focus: ViewState.CancelAlert.Choice = .keep) -> ViewState.Modal {
        .cancelAlert(
            ViewState.CancelAlert(
                title: "Cancel your invite?",
                message: "Are you sure? You will no longer get an invitation when Broccoli & Co. launches.",
                keepButton: "Keep invite", cancelButton: "Cancel invite", focus: focus))
    }

    static func congratulations(frame: Int = 0) -> ViewState.Modal {
        .celebration(
            ViewState.Celebration(
                kind: .registered, title: "All done!",
                message: "You will be one of the first to experience Broccoli & Co. when we launch.", button: "OK",
                confetti: ConfettiBurst(pattern: .cannons, seed: 0xB20C_C011).pieces(at: ConfettiBurst.frameInterval * frame)))
    }

    static func cancelled(frame: Int = 0) -> ViewState.Modal {
        .celebration(
            ViewState.Celebration(
                kind: .cancelled, title: "Invite cancelled",
                message: "You have been removed from the invitation list. You can request a new invite at any time.",
                button: "OK", confetti: ConfettiBurst(pattern: .shower, seed: 0x5EE_0FF).pieces(at: ConfettiBurst.frameInterval * frame)))
    }
}

extension PresenterTestStore where P == InvitationsPresenter {
    /// From the not-registered page: opens the form and fills the three fields, Enter moving from one to the next,
    /// each step asserted; focus ends on Send. (Texts as typed: no tabs or controls to clean.)
    func fillForm(name: String, email: String, confirmation: String, sourceLocation: SourceLocation = #_sourceLocation) {
        send(.activate, sourceLocation: sourceLocation) { $0 = Expected.notRegistered(focused: false, modal: Expected.form()) }
        send(.insert(name), sourceLocation: sourceLocation) { $0.modal = Expected.form([name, "", ""]) }
        send(.activate, sourceLocation: sourceLocation) { $0.modal = Expected.form([name, "", ""], focus: .field(.email)) }
        send(.insert(email), sourceLocation: sourceLocation) { $0.modal = Expected.form([name, email, ""], focus: .field(.email)) }
        send(.activate, sourceLocation: sourceLocation) { $0.modal = Expected.form([name, email, ""], focus: .field(.confirmEmail)) }
        send(.insert(confirmation), sourceLocation: sourceLocation) {
            $0.modal = Expected.form([name, email, confirmation], focus: .field(.confirmEmail))
        }
        send(.activate, sourceLocation: sourceLocation) { $0.modal = Expected.form([name, email, confirmation], focus: .send) }
    }

    /// Fills the form, sends it and receives the answer: the congratulations over the registered page.
    func register(name: String, email: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        fillForm(name: name, email: email, confirmation: email, sourceLocation: sourceLocation)
        send(.activate, starts: ["request"], sourceLocation: sourceLocation) {
            $0.modal = Expected.form([name, email, email], focus: .send, sending: true)
        }
        // Registered: the save, the read that follows it, and the celebration's timer.
        await receive(starts: ["save", "read", "confetti"], sourceLocation: sourceLocation) {
            $0 = Expected.registered(name: name, email: email, modal: Expected.congratulations())
        }
    }
}
