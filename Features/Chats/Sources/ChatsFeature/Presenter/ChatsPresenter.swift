import FeatureHostCore
import Foundation
import Observation

/// Drives the chats feature: launch screen (`launchDuration`) → loading screen (≥ `loadingDuration`, until the
/// data is ready) → hand-over animation → list. The load starts with the launch screen, on `.appear`.
///
/// The one shape of a presenter: what the screens are is a `ChatsModel` value; each action is applied to it, the
/// view state is derived from it, and the presenter runs the work it asks for (the load, avatar fetches) through
/// its effect runner and keeps the one timer (the loader's steps, the hand-over's, local midnight) running while
/// the model has a next deadline.
@MainActor
@Observable
public final class ChatsPresenter: Presenter {
    public enum Action: PresenterAction {
        /// Load again: "Try again" after an error, "Refresh" on the list.
        case reload
        /// Focus a row (clamped to the list).
        case select(index: Int)
        /// Focus moves by `delta` rows (clamped).
        case moveSelection(by: Int)
        /// The rows a surface has on screen, when it knows them: their avatars load as well as those around
        /// the selection; loads of rows outside both are cancelled.
        case rowsVisible(Range<Int>)
        /// `.appear` starts the loading screen's clock and the load; background stops the clock; foreground
        /// catches up with the time that passed.
        case lifecycle(LifecycleEvent)
        /// A wake-up of the timer at a deadline: reads the clock.
        case tick
        /// The load's outcome, sorted for display: what the load effect applies, through `send` like every other change.
        case finishedLoading(Result<Loaded<[Chat]>, FeatureError>)
        /// An avatar fetch's outcome.
        case finishedAvatar(URL, Result<ImageReference, ImageFailure>)
    }

    /// Rows on each side of the selection whose avatars load (the first 20 once loaded): more than a screen
    /// holds, so a surface that never reports its rows still has every avatar it shows.
    nonisolated public static let avatarWindow = 20

    public var viewState: ChatsViewState { core.viewState }
    /// Real changes of `viewState` so far, for tests and the benchmark.
    public var changeCount: Int { core.changeCount }
    @ObservationIgnored public let timing: ChatsSettings
    /// The feature's strings in the user's language, for the words a surface adds itself (its key hints).
    public var strings: ChatsStrings { formatter.strings }

    /// What the screens are; `viewState` is derived from it after each action.
    @ObservationIgnored private var model: ChatsModel
    @ObservationIgnored private let source: ChatsSource
    @ObservationIgnored private let timeline: MonotonicTimeline
    @ObservationIgnored private let now: @Sendable () -> Date
    /// Observed: the words a surface adds itself (`strings`) follow a change of conventions.
    private var formatter: ChatRowFormatter
    @ObservationIgnored private let images: any ImageLoading
    @ObservationIgnored private let core: PresenterCore<Action, ChatsViewState>
    /// The instant and the date `viewState` was last derived at: the timer's next deadline counts from them, not
    /// from when it asks. Time passes between a tick and the question, and a deadline in between (the hand-over's
    /// end) would otherwise be skipped, leaving the screen on the transition until midnight.
    @ObservationIgnored private var derivedAt: (instant: Duration, date: Date)

    private static let loadID = "load"
    private static let clockID = "clock"

    /// - Parameters:
    ///   - source: where chats come from; the presenter never learns which kind it is.
    ///   - timeline: the clock the animation and the midnight wake-up run on.
    ///   - now: wall-clock time, for relative dates.
    ///   - calendar: the user's calendar, for local midnight.
    ///   - images: the host's image cache, for avatars.
    ///   - effects: the runner the presenter owns; its work is cancelled with it.
    public init(
        source: ChatsSource, timing: ChatsSettings, formatter: ChatRowFormatter, timeline: MonotonicTimeline,
        now: @escaping @Sendable () -> Date, calendar: Calendar, images: any ImageLoading, effects: EffectRunner
    ) {
        self.source = source
        self.timing = timing
        self.formatter = formatter
        self.timeline = timeline
        self.now = now
        self.images = images
        derivedAt = (timeline.now, now())
        model = ChatsModel(timing: timing, calendar: calendar, date: derivedAt.date)
        core = PresenterCore(model.viewState(at: derivedAt.instant, formatter: formatter), effects: effects)
        core.connect(self)
    }

    /// Formats with other conventions from now on (the words too): what is shown is derived again, nothing else changes.
    public func reformat(_ formatter: ChatRowFormatter) {
        self.formatter = formatter
        derivedAt = (timeline.now, now())
        core.publish(model.viewState(at: derivedAt.instant, formatter: formatter))
    }

    /// The action applied to the model, the view state derived from it (an equal one is no change), then the work
    /// the model asked for, and the timer started, restarted or stopped as the model's schedule says.
    public func send(_ action: Action) {
        derivedAt = (timeline.now, now())
        let schedule = model.schedule
        let work = model.apply(action, at: derivedAt.instant, date: derivedAt.date)
        core.publish(model.viewState(at: derivedAt.instant, formatter: formatter))
        for item in work { run(item) }
        // A tick changes nothing the timer depends on, and the timer asks for its next deadline itself.
        if case .tick = action { return }
        syncTimer(after: schedule)
    }

    // MARK: - Work

    /// Runs off the main actor through the effect runner, which counts the work in flight until its outcome,
    /// sent back as an action, has been applied here.
    private func run(_ work: ChatsModel.Work) {
        switch work {
        case .load:
            // Loaded and sorted off the main actor: a large file must not stall the animation.
            let source = self.source
            core.run(
                Self.loadID, work: { try await source.load().map { $0.sortedForDisplay() } }, then: Action.finishedLoading)
        case .fetchAvatar(let url):
            let images = self.images
            core.run(
                Self.avatarID(url),
                work: { () async -> Result<ImageReference, ImageFailure> in
                    do throws(ImageFailure) {
                        return .success(try await images.image(at: url))
                    } catch {
                        return .failure(error)
                    }
                },
                then: { .finishedAvatar(url, $0) })
        case .cancelAvatar(let url):
            core.cancel(Self.avatarID(url))
        }
    }

    private static func avatarID(_ url: URL) -> String { "avatar " + url.absoluteString }

    // MARK: - Time

    /// One timer for the whole timeline while the model has deadlines: before each sleep it asks the model's
    /// `nextDeadline` after the instant the view state was derived at (one already past fires at once), so the
    /// loader's steps, the hand-over's and local midnight follow from the pure `LoadingAnimation` without
    /// re-arming on sends. A changed schedule (the hand-over now known) starts it again,
    /// so it does not sleep to a deadline that has moved.
    private func syncTimer(after previous: ChatsModel.Schedule) {
        guard model.isTimed else {
            core.cancel(Self.clockID)
            return
        }
        if model.schedule != previous { core.cancel(Self.clockID) }
        core.timer(
            Self.clockID, on: timeline,
            nextDeadline: { [weak self] in
                guard let self else { return nil }
                return self.model.nextDeadline(at: self.derivedAt.instant, date: self.derivedAt.date)
            },
            fire: { .tick })
    }
}
