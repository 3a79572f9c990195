import FeatureHostCore

/// What the invitation flow is, as a value: the registration, the notice, what is open (the form, the cancel alert,
/// a celebration), the form's text and the saves under way. The presenter applies each action to it, derives the
/// view state from it, runs the work it asks for (the request, saves of the registration) and keeps the confetti
/// timer running while `animatedBurst` says a burst is on screen. No I/O, no task, no clock: the timeline's instant
/// comes in with each action.
struct InvitationsModel: Equatable {
    typealias Action = InvitationsPresenter.Action
    typealias ViewState = InvitationsPresenter.ViewState
    typealias FocusTarget = InvitationsPresenter.FocusTarget

    enum Modal: Equatable {
        case form
        case alert(ViewState.CancelAlert.Choice)
        case celebration(CelebrationModel)
    }

    /// Work an action asks for; its outcome comes back through `submissionFinished`, `registrationSaved` or
    /// `finishedReadingRegistration`.
    enum Work: Equatable {
        /// Ask the backend for an invitation.
        case request(Invitation)
        /// Save a change of the registration.
        case save(RegistrationChange)
        /// Read the saved registration again: it was changed elsewhere (another page or the shell of this run,
        /// another process).
        case read
    }

    var registration: Invitation?
    var notice: String?
    var modal: Modal?
    var form = RequestFormModel()
    var burstCount = 0
    var isInBackground = false
    /// An unreadable stored value waits to be removed until the feature appears (building it starts nothing).
    var needsClearing: Bool
    /// True while the confirmed cancel is being saved: the alert stays, and takes no more choices.
    var isCancelling = false
    /// While the removal of an unreadable value runs, a registration to keep waits for it, so the removal can
    /// never land after the registration and erase it.
    var isClearing = false
    var waitingChange: RegistrationChange?

    /// The model of what the storage held when the feature was built.
    init(saved: SavedRegistration) {
        registration = saved.invitation
        notice = saved.problem
        needsClearing = saved.needsClearing
    }

    /// Applies `action` at `now` on the timeline and returns the work it asks for.
    mutating func apply(_ action: Action, at now: Duration) -> [Work] {
        switch action {
        case .lifecycle(.appear):
            // The page waits for the user, and a celebration's timer starts when the celebration is shown
            // (always after a user action, so after appear). Only an unreadable saved value is removed now, once,
            // so its notice is not shown at every start.
            guard needsClearing else { return [] }
            needsClearing = false
            return save(.clearUnreadable)
        case .lifecycle(.didEnterBackground):
            isInBackground = true
        case .lifecycle(.willEnterForeground):
            isInBackground = false
        case .focusNext: moveFocus(by: 1)
        case .focusPrevious: moveFocus(by: -1)
        case .focus(let target): focus(target)
        case .activate: return activate(at: now)
        case .dismiss: dismiss()
        case .insert(let text): editForm { $0.insert(text) }
        case .deleteBackward: editForm { $0.deleteBackward() }
        case .deleteForward: editForm { $0.deleteForward() }
        case .moveCursor(let move): editForm { $0.moveCursor(move) }
        case .setText(let field, let text):
            guard modal == .form else { return [] }
            form.setText(text, of: field)
        case .submissionFinished(let result): return finishSubmission(result)
        case .registrationSaved(let change, let failure): return finishSaving(change, failure: failure, at: now)
        case .animationFrame(let frame, let burst): advanceCelebration(to: frame, burst: burst)
        case .savedRegistrationChanged: return [.read]
        case .finishedReadingRegistration(let saved): adopt(saved)
        }
        return []
    }

    // MARK: - Changes made elsewhere

    /// Shows what another screen or process saved. A request or cancel of this screen's under way decides
    /// itself (its save comes after); a form or alert that no longer fits closes: the form once the user is
    /// registered elsewhere, the cancel alert once the invite was cancelled elsewhere.
    private mutating func adopt(_ saved: SavedRegistration) {
        if case .sending = form.phase { return }
        guard !isCancelling, !isClearing else { return }
        registration = saved.invitation
        if let problem = saved.problem { notice = problem }
        switch modal {
        case .form where registration != nil:
            form = RequestFormModel()
            modal = nil
        case .alert where registration == nil:
            modal = nil
        default:
            break
        }
    }

    // MARK: - Moving and pressing

    private mutating func moveFocus(by step: Int) {
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

    private mutating func focus(_ target: FocusTarget) {
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

    private mutating func activate(at now: Duration) -> [Work] {
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
            if form.focus == .send { return submit() }
            form.moveFocus(by: 1)
        case .alert(.keep):
            guard !isCancelling else { return [] }
            modal = nil
        case .alert(.cancelInvite):
            // "Invite cancelled" only once the device has kept it: until then the alert stays.
            guard !isCancelling else { return [] }
            isCancelling = true
            return save(.cancel)
        case .celebration:
            modal = nil
        }
        return []
    }

    private mutating func dismiss() {
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
            modal = nil
        case nil:
            break
        }
    }

    private mutating func editForm(_ change: (inout TextFieldValue) -> Bool) {
        guard modal == .form else { return }
        form.edit(change)
    }

    // MARK: - Request

    private mutating func submit() -> [Work] {
        guard !form.isSending else { return [] }
        form.attempted = true
        form.failure = nil
        let problems = form.problems
        if let first = InvitationField.allCases.first(where: { problems[$0] != nil }) {
            form.focus = .field(first)
            return []
        }
        let invitation = form.invitation
        form.phase = .sending(invitation)
        return [.request(invitation)]
    }

    private mutating func finishSubmission(_ result: Result<InvitationOutcome, InvitationFailure>) -> [Work] {
        guard case .sending(let invitation) = form.phase else { return [] }
        form.phase = .editing
        switch result {
        case .success(.registered):
            // "All done!" only once the device has kept the registration: the form stays "sending" meanwhile.
            form.phase = .sending(invitation)
            return save(.register(invitation))
        case .success(.rejected(let message)):
            form.failure = message
        case .failure(let failure):
            form.failure = failure.message
        }
        return []
    }

    // MARK: - Saving the registration

    /// One save at a time: a registration waits for the removal of an unreadable value, the only save that can
    /// run beside another.
    private mutating func save(_ change: RegistrationChange) -> [Work] {
        if isClearing, change != .clearUnreadable {
            waitingChange = change
            return []
        }
        if change == .clearUnreadable { isClearing = true }
        return [.save(change)]
    }

    private mutating func finishSaving(_ change: RegistrationChange, failure: FeatureError?, at now: Duration) -> [Work] {
        switch change {
        case .register(let invitation):
            guard case .sending(let sent) = form.phase, sent == invitation else { return [] }
            // The backend has the request either way: the page says registered, for this run at least.
            registration = invitation
            form = RequestFormModel()
            if let failure {
                modal = nil
                notice = InvitationsCopy.registeredButNotKept(failure.message)
            } else {
                celebrate(.registered, at: now)
            }
        case .cancel:
            guard isCancelling else { return [] }
            isCancelling = false
            if let failure {
                modal = nil
                notice = InvitationsCopy.cancelNotKept(failure.message)
            } else {
                registration = nil
                celebrate(.cancelled, at: now)
            }
        case .clearUnreadable:
            isClearing = false
            // A failure only adds why to the notice already shown.
            if let failure, notice != nil {
                notice = [notice, InvitationsCopy.notCleared(failure.message)].compactMap { $0 }.joined(separator: " ")
            }
            if let waiting = waitingChange {
                waitingChange = nil
                return save(waiting)
            }
        }
        return []
    }

    // MARK: - Celebration

    private mutating func celebrate(_ kind: ViewState.Celebration.Kind, at now: Duration) {
        burstCount += 1
        modal = .celebration(CelebrationModel(kind: kind, burst: burstCount, startedAt: now))
    }

    private mutating func advanceCelebration(to frame: Int, burst: Int) {
        guard case .celebration(var celebration) = modal, celebration.burst == burst, frame > celebration.frame else { return }
        celebration.frame = min(frame, ConfettiBurst.frameCount)
        modal = .celebration(celebration)
    }

    /// The burst whose confetti should be moving now: one on screen, not over, in the foreground. The presenter's
    /// timer runs while this is set and starts again when it changes.
    var animatedBurst: Int? {
        guard let celebration = animatedCelebration, !celebration.isOver else { return nil }
        return celebration.burst
    }

    /// The celebration on screen while the app is in the foreground: what the timer's deadlines and frames follow.
    var animatedCelebration: CelebrationModel? {
        guard !isInBackground, case .celebration(let celebration) = modal else { return nil }
        return celebration
    }

    // MARK: - View state

    func viewState() -> ViewState {
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
