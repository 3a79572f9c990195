import FeatureHostCore
import Observation

/// The invitation flow: the not-registered page, the request form and its request, the congratulations
/// burst, the registered page, the cancel alert and the cancelled burst. Persists the registration.
///
/// The one shape of a presenter: what the flow is is an `InvitationsModel` value; each action is applied to it, the
/// view state is derived from it, and the presenter runs the work it asks for (the request, saves of the
/// registration) through its effect runner and keeps the confetti timer running while the model has a burst on
/// screen.
@MainActor
@Observable
public final class InvitationsPresenter: Presenter {
    /// Effect ids: the backend request, the save of the registration, and the confetti timeline of the
    /// celebration on screen.
    private enum Effect {
        static let request = "request"
        static let save = "save"
        static let confetti = "confetti"
        static let read = "read"
    }

    public typealias ViewState = InvitationsViewState

    public var viewState: ViewState { core.viewState }
    /// Real changes of `viewState` so far, for tests and the benchmark.
    public var changeCount: Int { core.changeCount }
    /// What the flow is; `viewState` is derived from it after each action.
    @ObservationIgnored private var model: InvitationsModel
    @ObservationIgnored private let backend: any InvitationClient
    @ObservationIgnored private let storage: any RegistrationClient
    @ObservationIgnored private let timeline: MonotonicTimeline
    @ObservationIgnored private let core: PresenterCore<Action, ViewState>

    /// - Parameters:
    ///   - storage: read here, synchronously: the first frame must already know whether the user is registered.
    ///     Saves go through `effects`.
    ///   - effects: runs the request (in flight from Send until its reply is applied), the saves of the
    ///     registration and the confetti timer.
    public init(
        backend: any InvitationClient, storage: any RegistrationClient, timeline: MonotonicTimeline, effects: EffectRunner
    ) {
        self.backend = backend
        self.storage = storage
        self.timeline = timeline
        model = InvitationsModel(saved: storage.load())
        core = PresenterCore(model.viewState(), effects: effects)
        core.connect(self)
        storage.observeChanges(self) { presenter in presenter.send(.savedRegistrationChanged) }
    }

    /// Whether the confetti timeline is running (it stops when the burst ends or the app goes to the background).
    public var isAnimating: Bool { core.effects.isRunning(Effect.confetti) }

    /// The action applied to the model, the view state derived from it (an equal one is no change), then the work
    /// the model asked for, and the confetti timer started or stopped as the model says.
    public func send(_ action: Action) {
        let burst = model.animatedBurst
        let work = model.apply(action, at: timeline.now)
        core.publish(model.viewState())
        for item in work { run(item) }
        // A frame changes nothing the timer depends on, and the timer ends by itself after the last one.
        if case .animationFrame = action { return }
        syncAnimation(after: burst)
    }

    // MARK: - Work

    /// Runs off the main actor through the effect runner, which counts the work in flight until its outcome,
    /// sent back as an action, has been applied here.
    private func run(_ work: InvitationsModel.Work) {
        switch work {
        case .request(let invitation):
            let backend = self.backend
            core.run(
                Effect.request,
                work: { () async -> Result<InvitationOutcome, InvitationFailure> in
                    do throws(InvitationFailure) {
                        return .success(try await backend.requestInvitation(invitation))
                    } catch {
                        return .failure(error)
                    }
                },
                then: Action.submissionFinished)
        case .save(let change):
            let storage = self.storage
            core.run(
                Effect.save,
                work: { () async -> FeatureError? in
                    do {
                        try await storage.save(change.saved)
                        return nil
                    } catch {
                        return FeatureError(error.userFacingMessage)
                    }
                },
                then: { .registrationSaved(change, failure: $0) })
        case .read:
            // A read under way is replaced by the newer one.
            let storage = self.storage
            core.run(Effect.read, work: { storage.load() }, then: Action.finishedReadingRegistration)
        }
    }

    // MARK: - Confetti

    /// Runs the confetti timer while the model has a burst on screen, from that burst's start: ticks at fixed
    /// offsets from it on the injected clock, so frames never drift. The timer asks for each deadline afresh and
    /// ends by itself once the burst is over or no longer shown; a stale timer's ticks go nowhere.
    private func syncAnimation(after previous: Int?) {
        guard let burst = model.animatedBurst else {
            core.cancel(Effect.confetti)
            return
        }
        if burst != previous { core.cancel(Effect.confetti) }
        core.timer(
            Effect.confetti, on: timeline,
            nextDeadline: { [weak self] in self?.celebration(burst)?.nextFrameDeadline },
            fire: { [weak self] in
                guard let self, let celebration = self.celebration(burst) else { return nil }
                return .animationFrame(celebration.frame(dueAt: self.timeline.now), burst: burst)
            })
    }

    /// The celebration on screen if it is burst `burst` and may animate.
    private func celebration(_ burst: Int) -> CelebrationModel? {
        guard let celebration = model.animatedCelebration, celebration.burst == burst else { return nil }
        return celebration
    }
}
