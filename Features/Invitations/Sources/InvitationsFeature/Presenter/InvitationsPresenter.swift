import FeatureHostCore
import Observation

/// The invitation flow: the not-registered page, the request form and its request, the congratulations
/// burst, the registered page, the cancel alert and the cancelled burst. Persists the registration.
@MainActor
@Observable
public final class InvitationsPresenter: Presenter {
    private enum Modal: Equatable {
        case form
        case alert(ViewState.CancelAlert.Choice)
        case celebration(CelebrationModel)
    }

    /// Effect ids: the backend request, the save of the registration, and the confetti timeline of the
    /// celebration on screen.
    private enum Effect {
        static let request = "request"
        static let save = "save"
        static let confetti = "confetti"
    }

    public private(set) var viewState: ViewState
    /// Real changes of `viewState` so far, for tests and the benchmark.
    @ObservationIgnored public private(set) var changeCount = 0
    private let backend: any InvitationBackend
    private let storage: any RegistrationStorage
    private let timeline: MonotonicTimeline
    private let effects: EffectRunner

    private var registration: Invitation?
    private var notice: String?
    private var modal: Modal?
    private var form = RequestFormModel()
    private var burstCount = 0
    private var isInBackground = false
    /// An unreadable stored value waits to be removed until the feature appears (building it starts nothing).
    private var needsClearing: Bool
    /// True while the confirmed cancel is being saved: the alert stays, and takes no more choices.
    private var isCancelling = false
    /// While the removal of an unreadable value runs, a registration to keep waits for it, so the removal can
    /// never land after the registration and erase it.
    private var isClearing = false
    private var waitingChange: RegistrationChange?

    /// - Parameters:
    ///   - storage: read here, synchronously: the first frame must already know whether the user is registered.
    ///     Saves go through `effects`.
    ///   - effects: runs the request (in flight from Send until its reply is applied), the saves of the
    ///     registration and the confetti timer.
    public init(
        backend: any InvitationBackend, storage: any RegistrationStorage, timeline: MonotonicTimeline, effects: EffectRunner
    ) {
        self.backend = backend
        self.storage = storage
        self.timeline = timeline
        self.effects = effects
        let loaded = storage.load()
        registration = loaded.invitation
        notice = loaded.problem
        needsClearing = loaded.needsClearing
        viewState = ViewState(
            brand: InvitationsCopy.brand, page: InvitationsViewStateBuilder.page(for: loaded.invitation, focused: true),
            notice: loaded.problem)
    }

    /// Whether the confetti timeline is running (it stops when the burst ends or the app goes to the background).
    public var isAnimating: Bool { effects.isRunning(Effect.confetti) }

    public func send(_ action: Action) {
        apply(action)
        publish(makeViewState())
    }

    /// An equal state is no change: nothing counted, nothing for a surface to render.
    private func publish(_ new: ViewState) {
        guard new != viewState else { return }
        viewState = new
        changeCount += 1
    }

    // MARK: - Actions

    private func apply(_ action: Action) {
        switch action {
        case .lifecycle(.appear):
            // The page waits for the user, and a celebration's timer starts when the celebration is shown
            // (always after a user action, so after appear). Only an unreadable saved value is removed now.
            clearUnreadableValue()
        case .lifecycle(.didEnterBackground):
            isInBackground = true
            stopAnimation()
        case .lifecycle(.willEnterForeground):
            isInBackground = false
            startAnimation()
        case .focusNext: moveFocus(by: 1)
        case .focusPrevious: moveFocus(by: -1)
        case .focus(let target): focus(target)
        case .activate: activate()
        case .dismiss: dismiss()
        case .insert(let text): editForm { $0.insert(text) }
        case .deleteBackward: editForm { $0.deleteBackward() }
        case .deleteForward: editForm { $0.deleteForward() }
        case .moveCursor(let move): editForm { $0.moveCursor(move) }
        case .setText(let field, let text):
            guard modal == .form else { return }
            form.setText(text, of: field)
        case .submissionFinished(let result): finishSubmission(result)
        case .registrationSaved(let change, let failure): finishSaving(change, failure: failure)
        case .animationFrame(let frame, let burst): advanceCelebration(to: frame, burst: burst)
        }
    }

    private func moveFocus(by step: Int) {
        switch modal {
        case .form:
            form.moveFocus(by: step)
        case .alert(let choice):
            guard !isCancelling else { return }
            modal = .alert(choice == .keep ? .cancelInvite : .keep)
        case .celebration, nil:
            break
        }
    }

    private func focus(_ target: FocusTarget) {
        switch (modal, target) {
        case (.form, .field(let field)):
            form.focus = .field(field)
        case (.form, .send):
            form.focus = .send
        case (.alert, .alert(let choice)) where !isCancelling:
            modal = .alert(choice)
        default:
            break  // not a control of what is open
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
            guard !isCancelling else { return }
            modal = nil
        case .alert(.cancelInvite):
            // "Invite cancelled" only once the device has kept it: until then the alert stays.
            guard !isCancelling else { return }
            isCancelling = true
            save(.cancel)
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
            guard !isCancelling else { return }
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
        let backend = self.backend
        effects.run(
            Effect.request,
            work: { () async -> Result<InvitationOutcome, InvitationFailure> in
                do throws(InvitationFailure) {
                    return .success(try await backend.requestInvitation(invitation))
                } catch {
                    return .failure(error)
                }
            },
            apply: { [weak self] result in self?.send(.submissionFinished(result)) })
    }

    private func finishSubmission(_ result: Result<InvitationOutcome, InvitationFailure>) {
        guard case .sending(let invitation) = form.phase else { return }
        form.phase = .editing
        switch result {
        case .success(.registered):
            // "All done!" only once the device has kept the registration: the form stays "sending" meanwhile.
            form.phase = .sending(invitation)
            save(.register(invitation))
        case .success(.rejected(let message)):
            form.failure = message
        case .failure(let failure):
            form.failure = failure.message
        }
    }

    // MARK: - Saving the registration

    /// Saves `change` in an effect, off the main actor; one at a time (a registration waits for the removal of
    /// an unreadable value, the only save that can run beside another).
    private func save(_ change: RegistrationChange) {
        if isClearing, change != .clearUnreadable {
            waitingChange = change
            return
        }
        if change == .clearUnreadable { isClearing = true }
        let storage = self.storage
        effects.run(
            Effect.save,
            work: { () async -> FeatureError? in
                do {
                    try await storage.save(change.saved)
                    return nil
                } catch {
                    return FeatureError(error.userFacingMessage)
                }
            },
            apply: { [weak self] failure in self?.send(.registrationSaved(change, failure: failure)) })
    }

    private func finishSaving(_ change: RegistrationChange, failure: FeatureError?) {
        switch change {
        case .register(let invitation):
            guard case .sending(let sent) = form.phase, sent == invitation else { return }
            // The backend has the request either way: the page says registered, for this run at least.
            registration = invitation
            form = RequestFormModel()
            if let failure {
                modal = nil
                notice = InvitationsCopy.registeredButNotKept(failure.message)
            } else {
                celebrate(.registered)
            }
        case .cancel:
            guard isCancelling else { return }
            isCancelling = false
            if let failure {
                modal = nil
                notice = InvitationsCopy.cancelNotKept(failure.message)
            } else {
                registration = nil
                celebrate(.cancelled)
            }
        case .clearUnreadable:
            isClearing = false
            // A failure only adds why to the notice already shown.
            if let failure, notice != nil {
                notice = [notice, InvitationsCopy.notCleared(failure.message)].compactMap { $0 }.joined(separator: " ")
            }
            if let waiting = waitingChange {
                waitingChange = nil
                save(waiting)
            }
        }
    }

    /// Removes an unreadable stored value once, so its notice is not shown at every start.
    private func clearUnreadableValue() {
        guard needsClearing else { return }
        needsClearing = false
        save(.clearUnreadable)
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
    }

    /// Ticks at fixed offsets from the burst's start on the injected clock, so frames never drift. The timer
    /// asks for each deadline afresh and ends by itself once the burst is over or no longer shown.
    private func startAnimation() {
        stopAnimation()
        guard !isInBackground, case .celebration(let celebration) = modal, !celebration.isOver else { return }
        let burst = celebration.burst
        effects.timer(
            Effect.confetti, on: timeline,
            nextDeadline: { [weak self] in self?.animatedCelebration(burst)?.nextFrameDeadline },
            fire: { [weak self] in
                guard let self, let celebration = self.animatedCelebration(burst) else { return }
                self.send(.animationFrame(celebration.frame(dueAt: self.timeline.now), burst: burst))
            })
    }

    private func stopAnimation() {
        effects.cancel(Effect.confetti)
    }

    /// The celebration on screen if it is burst `burst` and may animate; a stale timer's ticks go nowhere.
    private func animatedCelebration(_ burst: Int) -> CelebrationModel? {
        guard !isInBackground, case .celebration(let celebration) = modal, celebration.burst == burst else { return nil }
        return celebration
    }

    // MARK: - View state

    private func makeViewState() -> ViewState {
        let modalState: ViewState.Modal?
        switch modal {
        case nil: modalState = nil
        case .form: modalState = .requestForm(InvitationsViewStateBuilder.requestForm(form))
        case .alert(let choice): modalState = .cancelAlert(InvitationsViewStateBuilder.cancelAlert(focus: choice))
        case .celebration(let celebration): modalState = .celebration(InvitationsViewStateBuilder.celebration(celebration))
        }
        return ViewState(
            brand: InvitationsCopy.brand, page: InvitationsViewStateBuilder.page(for: registration, focused: modal == nil),
            notice: notice, modal: modalState)
    }
}
