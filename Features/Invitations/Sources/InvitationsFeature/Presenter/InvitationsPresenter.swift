import FeatureHostCore
import Foundation

/// The invitation flow: the not-registered page, the request form and its request, the congratulations
/// burst, the registered page, the cancel alert and the cancelled burst. Persists the registration.
@MainActor
public final class InvitationsPresenter: Presenter {
    public enum Action: PresenterAction, Equatable, Sendable {
        case lifecycle(LifecycleEvent)
        /// Tab, ↓.
        case focusNext
        /// Shift-Tab, ↑.
        case focusPrevious
        /// Enter: press the focused button, or go from a text field to the next element.
        case activate
        /// Esc: close the topmost modal.
        case dismiss
        /// Typed or pasted text for the focused field.
        case insert(String)
        case deleteBackward
        case deleteForward
        case moveCursor(CursorMove)
        /// The backend answered (or failed) the request in flight.
        case submissionFinished(Result<InvitationOutcome, InvitationFailure>)
        /// A tick of the confetti timeline: `frame` of the burst numbered `burst`.
        case animationFrame(Int, burst: Int)
    }

    private enum Modal: Equatable {
        case form
        case alert(ViewState.CancelAlert.Choice)
        case celebration(CelebrationModel)
    }

    struct CelebrationModel: Equatable {
        var kind: ViewState.Celebration.Kind
        /// Distinguishes this burst's ticks from a previous one's.
        var burst: Int
        /// Timeline offset of frame 0.
        var startedAt: Duration
        var frame = 0

        var isOver: Bool { frame >= ConfettiBurst.frameCount }
    }

    private static let registeredBurst = ConfettiBurst(pattern: .cannons, seed: 0xB20C_C011)
    private static let cancelledBurst = ConfettiBurst(pattern: .shower, seed: 0x5EE_0FF)

    public private(set) var viewState: ViewState
    private let backend: any InvitationBackend
    private let store: RegistrationStore
    private let timeline: MonotonicTimeline
    private let activity: ActivityTracker
    private let observers = StateObservers<ViewState>()

    private var registration: Invitation?
    private var notice: String?
    private var modal: Modal?
    private var form = RequestFormModel()
    private var burstCount = 0
    private var isInBackground = false
    private var animationTask: Task<Void, Never>?

    /// - Parameters:
    ///   - activity: counts the request from Send to its handled reply, so headless runs wait for it.
    public init(backend: any InvitationBackend, store: RegistrationStore, timeline: MonotonicTimeline, activity: ActivityTracker) {
        self.backend = backend
        self.store = store
        self.timeline = timeline
        self.activity = activity
        let loaded = store.load()
        registration = loaded.invitation
        notice = loaded.problem
        viewState = ViewState(brand: InvitationsCopy.brand, page: Self.page(for: nil, focused: true))
        viewState = makeViewState()
    }

    /// How many times the state changed: the number of frames asked for.
    public var changeCount: Int { observers.changeCount }

    /// Whether the confetti timeline is running (it stops when the burst ends or the app goes to the background).
    public var isAnimating: Bool { animationTask != nil }

    public func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }

    public func send(_ action: Action) {
        let old = viewState
        apply(action)
        viewState = makeViewState()
        observers.publish(viewState, old: old)
    }

    // MARK: - Actions

    private func apply(_ action: Action) {
        switch action {
        case .lifecycle(.appear):
            break  // the form waits for the user; a celebration starts when it is shown
        case .lifecycle(.didEnterBackground):
            isInBackground = true
            stopAnimation()
        case .lifecycle(.willEnterForeground):
            isInBackground = false
            startAnimation()
        case .focusNext: moveFocus(by: 1)
        case .focusPrevious: moveFocus(by: -1)
        case .activate: activate()
        case .dismiss: dismiss()
        case .insert(let text): editForm { $0.insert(text) }
        case .deleteBackward: editForm { $0.deleteBackward() }
        case .deleteForward: editForm { $0.deleteForward() }
        case .moveCursor(let move): editForm { $0.moveCursor(move) }
        case .submissionFinished(let result): finishSubmission(result)
        case .animationFrame(let frame, let burst): advanceCelebration(to: frame, burst: burst)
        }
    }

    private func moveFocus(by step: Int) {
        switch modal {
        case .form:
            form.moveFocus(by: step)
        case .alert(let choice):
            modal = .alert(choice == .keep ? .cancelInvite : .keep)
        case .celebration, nil:
            break
        }
    }

    private func activate() {
        switch modal {
        case nil:
            notice = nil
            if registration == nil {
                form.focus = .field(.fullName)
                modal = .form
            } else {
                // An alert opens on its non-destructive choice.
                modal = .alert(.keep)
            }
        case .form:
            if form.focus == .send {
                submit()
            } else {
                form.moveFocus(by: 1)
            }
        case .alert(.keep):
            modal = nil
        case .alert(.cancelInvite):
            registration = nil
            store.save(nil)
            celebrate(.cancelled)
        case .celebration:
            endCelebration()
        }
    }

    private func dismiss() {
        switch modal {
        case .form:
            // The request is bounded by the source's timeout; closing under it would lose its answer.
            guard !form.isSending else { return }
            form.attempted = false
            form.failure = nil
            modal = nil
        case .alert:
            modal = nil
        case .celebration:
            endCelebration()
        case nil:
            break
        }
    }

    private func editForm(_ change: (inout TextFieldValue) -> Bool) {
        guard modal == .form else { return }
        form.edit(change)
    }

    // MARK: - Request

    private func submit() {
        guard !form.isSending else { return }
        form.attempted = true
        form.failure = nil
        let problems = form.problems
        if let first = InvitationField.allCases.first(where: { problems[$0] != nil }) {
            form.focus = .field(first)
            return
        }
        let invitation = form.invitation
        form.phase = .sending(invitation)
        activity.begin()
        let backend = self.backend
        let activity = self.activity
        Task { [weak self] in
            let result: Result<InvitationOutcome, InvitationFailure>
            do throws(InvitationFailure) {
                result = .success(try await backend.requestInvitation(invitation))
            } catch {
                result = .failure(error)
            }
            self?.send(.submissionFinished(result))
            activity.end()
        }
    }

    private func finishSubmission(_ result: Result<InvitationOutcome, InvitationFailure>) {
        guard case .sending(let invitation) = form.phase else { return }
        form.phase = .editing
        switch result {
        case .success(.registered):
            registration = invitation
            store.save(invitation)
            form = RequestFormModel()
            celebrate(.registered)
        case .success(.rejected(let message)):
            form.failure = message
        case .failure(let failure):
            form.failure = failure.message
        }
    }

    // MARK: - Celebration

    private func celebrate(_ kind: ViewState.Celebration.Kind) {
        burstCount += 1
        modal = .celebration(CelebrationModel(kind: kind, burst: burstCount, startedAt: timeline.now))
        startAnimation()
    }

    private func endCelebration() {
        stopAnimation()
        modal = nil
    }

    private func advanceCelebration(to frame: Int, burst: Int) {
        guard case .celebration(var celebration) = modal, celebration.burst == burst, frame > celebration.frame else { return }
        celebration.frame = min(frame, ConfettiBurst.frameCount)
        modal = .celebration(celebration)
        if celebration.isOver { stopAnimation() }
    }

    /// Ticks at fixed offsets from the burst's start on the injected clock, so frames never drift; after a
    /// stall it jumps to the frame that is due instead of replaying the missed ones.
    private func startAnimation() {
        stopAnimation()
        guard !isInBackground, case .celebration(let celebration) = modal, !celebration.isOver else { return }
        let timeline = self.timeline
        let interval = ConfettiBurst.frameInterval
        let last = ConfettiBurst.frameCount
        animationTask = Task { [weak self] in
            var next = celebration.frame + 1
            while next <= last {
                do {
                    try await timeline.sleep(until: celebration.startedAt + interval * next)
                } catch {
                    return
                }
                let due = Int(((timeline.now - celebration.startedAt) / interval).rounded(.down))
                let frame = min(last, max(next, due))
                guard let self else { return }
                self.send(.animationFrame(frame, burst: celebration.burst))
                next = frame + 1
            }
        }
    }

    private func stopAnimation() {
        animationTask?.cancel()
        animationTask = nil
    }

    // MARK: - View state

    private func makeViewState() -> ViewState {
        ViewState(
            brand: InvitationsCopy.brand, page: Self.page(for: registration, focused: modal == nil), notice: notice,
            modal: modalState())
    }

    private static func page(for registration: Invitation?, focused: Bool) -> ViewState.Page {
        guard let registration else {
            return ViewState.Page(
                kind: .notRegistered, title: InvitationsCopy.title, text: InvitationsCopy.subtitle,
                button: InvitationsCopy.requestButton, isButtonFocused: focused)
        }
        return ViewState.Page(
            kind: .registered, title: InvitationsCopy.registeredTitle,
            text: InvitationsCopy.registeredText(name: registration.name, email: registration.email),
            button: InvitationsCopy.cancelButton, isButtonFocused: focused)
    }

    private func modalState() -> ViewState.Modal? {
        switch modal {
        case nil:
            return nil
        case .form:
            return .requestForm(formState())
        case .alert(let choice):
            return .cancelAlert(
                ViewState.CancelAlert(
                    title: InvitationsCopy.alertTitle, message: InvitationsCopy.alertMessage,
                    keepButton: InvitationsCopy.keepButton, cancelButton: InvitationsCopy.confirmCancelButton, focus: choice))
        case .celebration(let celebration):
            let registered = celebration.kind == .registered
            let burst = registered ? Self.registeredBurst : Self.cancelledBurst
            return .celebration(
                ViewState.Celebration(
                    kind: celebration.kind, title: registered ? InvitationsCopy.doneTitle : InvitationsCopy.cancelledTitle,
                    message: registered ? InvitationsCopy.doneMessage : InvitationsCopy.cancelledMessage,
                    button: InvitationsCopy.okButton, confetti: burst.pieces(at: ConfettiBurst.frameInterval * celebration.frame)))
        }
    }

    private func formState() -> ViewState.RequestForm {
        let problems = form.attempted ? form.problems : [:]
        let fields = InvitationField.allCases.map { field in
            let value = form.value(field)
            return ViewState.Field(
                id: field, label: InvitationsCopy.label(field), placeholder: InvitationsCopy.placeholder(field), text: value.text, cursor: value.cursor,
                error: problems[field]?.message, isFocused: form.focus == .field(field))
        }
        let status: ViewState.Status?
        if form.isSending {
            status = ViewState.Status(text: InvitationsCopy.sending, tone: .progress)
        } else {
            status = form.failure.map { ViewState.Status(text: $0, tone: .error) }
        }
        return ViewState.RequestForm(
            title: InvitationsCopy.formTitle, fields: fields, sendButton: InvitationsCopy.sendButton,
            isSendFocused: form.focus == .send, isSending: form.isSending, status: status)
    }
}
