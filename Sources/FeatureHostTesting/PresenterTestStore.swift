import FeatureHostCore
import Foundation
import Testing

/// Drives one presenter with the discipline of a TCA `TestStore`, without TCA: every change of the view state is
/// asserted, exactly, as a mutation of the state before it; so is every effect and timer that starts, by its id;
/// time moves only when the test advances the clock; and the test ends with nothing unasserted, no work in flight
/// and nothing asleep on the clock.
///
/// ```swift
/// let store = PresenterTestStore(presenter, host: host)
/// store.send(.activate, starts: ["load", "tick"]) { $0.popup = popup } // the whole new view state, and what started
/// await store.advance(by: .seconds(1)) { $0.countdown = next }          // the one change the second made
/// await store.receive(starts: ["save"]) { $0.rows = loaded }            // a finished request's change and starts
/// await store.finish()                                                  // nothing unasserted, in flight or asleep
/// ```
///
/// Every published state is recorded as it comes (`ViewStateRecorder`), with the clock's instant: a `send` must
/// make at most one change, and the changes the clock and finished work make wait in `receivedChanges` until a
/// `receive` asserts each. `send` and `finish` fail while any wait. A change to a state equal to the one before
/// fails: a presenter without `PresenterCore`'s guard whose view state is derived from observed properties
/// reports a write that leaves it equal (`PresenterCore.publish` never does). A store released without
/// `finish()` fails the test too.
///
/// Starts are read from the host's `EffectLog` (`TestHost.effectLog`, which its contexts' runners note on): a
/// `run`, an `after`, a `timer` that was not running. Each step's `starts:` lists the ids it started, in any order
/// (finished work may come back in either order); by default none. `send` asserts what the send itself started;
/// `advance` and `receive` assert what started since the last step (timers, finished work). What started before
/// the store was made is not asserted, as the state it starts from is not.
@MainActor
public final class PresenterTestStore<P: Presenter> {
    public typealias Change = ViewStateRecorder<P>.Change

    public let presenter: P
    public let clock: ManualClock
    public let activity: ActivityTracker
    /// The view state as last asserted: what the next expected change is a mutation of.
    public private(set) var state: P.ViewState
    /// Changes seen and not yet asserted, oldest first.
    public private(set) var receivedChanges: [Change] = []
    /// Ids of the effects and timers started since the last step and not yet asserted, oldest first.
    public private(set) var startedEffects: [String] = []
    /// How long, in real time, to wait for work in flight before calling it hung (`TestHost.idleTimeout`).
    public var idleTimeout: Double
    private let recorder: ViewStateRecorder<P>
    private let effectLog: EffectLog?
    private let finished = FinishMark()

    /// - Parameters:
    ///   - presenter: made on `clock` and `activity` (a `TestHost`'s, usually: see the other initialiser).
    ///   - effectLog: where the presenter's runner notes its starts; nil asserts that nothing starts.
    ///   - sourceLocation: where a store released without `finish()` is reported.
    public init(
        _ presenter: P, clock: ManualClock, activity: ActivityTracker, effectLog: EffectLog? = nil,
        idleTimeout: Double = TestHost.idleTimeout, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.presenter = presenter
        self.clock = clock
        self.activity = activity
        self.effectLog = effectLog
        self.idleTimeout = idleTimeout
        state = presenter.viewState
        recorder = ViewStateRecorder(presenter, clock: clock)
        // The starts that made the state the store starts from are its premise, like that state.
        _ = effectLog?.take()
        finished.location = sourceLocation
    }

    /// A store for a presenter made from one of `host`'s contexts (or on a runner from `host.makeEffects()`).
    public convenience init(_ presenter: P, host: TestHost, sourceLocation: SourceLocation = #_sourceLocation) {
        self.init(presenter, clock: host.clock, activity: host.activity, effectLog: host.effectLog, sourceLocation: sourceLocation)
    }

    deinit {
        guard let location = finished.unfinished else { return }
        Issue.record("The PresenterTestStore was released without `await store.finish()`.", sourceLocation: location)
    }

    // MARK: - Steps

    /// Sends `action` and asserts the change it made at once: the new view state must equal `update` applied to
    /// the last asserted one. Without `update`, the send must change nothing. Fails first if changes the store saw
    /// were never asserted, and when the send made more than one change (a surface would show only the last).
    /// The effects and timers the send started must be `starts`, and none may wait unasserted from before.
    public func send(
        _ action: P.Action, starts: [String] = [], sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout P.ViewState) -> Void)? = nil
    ) {
        collect(sourceLocation)
        if !receivedChanges.isEmpty {
            fail(describe(receivedChanges, "before send(\(action)): assert them with `receive` first"), sourceLocation)
            dropReceived()
        }
        if !startedEffects.isEmpty {
            fail(
                "\(Self.list(startedEffects)) started before send(\(action)) and not asserted: "
                    + "assert them with `receive(starts:)` or `advance(by:starts:)` first", sourceLocation)
            startedEffects.removeAll()
        }
        presenter.send(action)
        let made = take(sourceLocation)
        check(starts: starts, in: "send(\(action))", sourceLocation)
        let new = made.last?.state ?? state
        defer { state = new }
        if made.count > 1 {
            fail("send(\(action)) published \(made.count) changes; a surface renders only the last", sourceLocation)
        }
        guard let update else {
            if new != state {
                fail("send(\(action)) changed the view state; assert the change:\n\(Self.difference(from: state, to: new))", sourceLocation)
            }
            return
        }
        var expected = state
        update(&expected)
        if made.isEmpty {
            fail("send(\(action)) changed nothing, but a change was expected", sourceLocation)
        } else if new != expected {
            fail("send(\(action)): the view state is not the expected one:\n\(Self.difference(from: expected, to: new))", sourceLocation)
        }
    }

    /// Moves the clock by `duration` (waking each sleeper at its deadline, in order) and waits for the work that
    /// started meanwhile: each change made on the way waits, with its instant, for `receive`. With `update`,
    /// asserts the first of them (`receive(_:)`); the rest still wait. The effects and timers started since the
    /// last step (the timers' and the finished work's) must be `starts`.
    public func advance(
        by duration: Duration, starts: [String] = [], sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout P.ViewState) -> Void)? = nil
    ) async {
        await clock.advance(by: duration)
        await settle()
        collect(sourceLocation)
        check(starts: starts, in: "advance(by: \(duration))", sourceLocation)
        if let update { await receive(sourceLocation: sourceLocation, update) }
    }

    /// Asserts the oldest change not yet asserted (waiting first, bounded, for the work in flight when there is
    /// none): it must equal `update` applied to the last asserted view state, and have come at `instant` when one
    /// is given (the clock's offset). The effects and timers started since the last step (by the finished work)
    /// must be `starts`.
    public func receive(
        at instant: Duration? = nil, starts: [String] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout P.ViewState) -> Void
    ) async {
        collect(sourceLocation)
        if receivedChanges.isEmpty {
            await settle()
            collect(sourceLocation)
        }
        guard !receivedChanges.isEmpty else {
            fail("expected a change, but none came (work in flight: \(activity.inFlight))", sourceLocation)
            return
        }
        let change = receivedChanges.removeFirst()
        check(starts: starts, in: "receive (the change at \(change.at))", sourceLocation)
        var expected = state
        update(&expected)
        if change.state != expected {
            fail(
                "the change at \(change.at) is not the expected one:\n\(Self.difference(from: expected, to: change.state))", sourceLocation)
        }
        if let instant, instant != change.at {
            fail("the change came at \(change.at), not at \(instant)", sourceLocation)
        }
        state = change.state
    }

    /// Waits (bounded) for the work in flight and asserts what started since the last step, for finished work
    /// that starts more without changing the view state (a save's observer reading again). Changes it made wait
    /// for `receive` as ever.
    public func settle(starts: [String], sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle()
        collect(sourceLocation)
        check(starts: starts, in: "settle", sourceLocation)
    }

    /// Drops the changes not yet asserted, on purpose: a long run whose every step other tests cover. With
    /// `update`, asserts where they ended (the last of them) as a mutation of the last asserted state. The starts
    /// made meanwhile are dropped too. Returns how many changes were dropped.
    @discardableResult
    public func skipReceivedChanges(
        sourceLocation: SourceLocation = #_sourceLocation, to update: ((inout P.ViewState) -> Void)? = nil
    ) -> Int {
        collect(sourceLocation)
        let count = receivedChanges.count
        startedEffects.removeAll()
        guard let last = receivedChanges.last else {
            if update != nil { fail("expected changes to skip, but none came", sourceLocation) }
            return 0
        }
        if let update {
            var expected = state
            update(&expected)
            if last.state != expected {
                fail(
                    "the last of \(count) changes is not the expected state:\n\(Self.difference(from: expected, to: last.state))",
                    sourceLocation)
            }
        }
        dropReceived()
        return count
    }

    /// Ends the test: waits (bounded) for the work in flight, then fails for each change and each start not
    /// asserted, for work still in flight, and for anything still asleep on the clock (a timer still running: stop
    /// it as the app would, e.g. by sending `.lifecycle(.didEnterBackground)`).
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        finished.done()
        await settle()
        collect(sourceLocation)
        if !receivedChanges.isEmpty {
            fail(describe(receivedChanges, "at the end: assert them with `receive`"), sourceLocation)
            dropReceived()
        }
        if !startedEffects.isEmpty {
            fail(
                "\(Self.list(startedEffects)) started and not asserted at the end: assert them with `receive(starts:)` or "
                    + "`advance(by:starts:)`", sourceLocation)
            startedEffects.removeAll()
        }
        if activity.inFlight > 0 {
            fail("\(activity.inFlight) piece(s) of work still in flight at the end", sourceLocation)
        }
        if clock.sleeperCount > 0 {
            fail(
                "\(clock.sleeperCount) sleeper(s) left on the clock at the end: a timer or a sleeping task still runs; "
                    + "stop it as the app would (the background, a dismissal)", sourceLocation)
        }
    }

    // MARK: - Bookkeeping

    /// Moves what the recorder saw into `receivedChanges`, and what the log saw into `startedEffects`.
    private func collect(_ sourceLocation: SourceLocation) {
        receivedChanges += take(sourceLocation)
        startedEffects += effectLog?.take() ?? []
    }

    /// Asserts that the effects started since the last step, and not yet asserted, are `expected` (in any order),
    /// and clears them.
    private func check(starts expected: [String], in step: String, _ sourceLocation: SourceLocation) {
        startedEffects += effectLog?.take() ?? []
        let started = startedEffects
        startedEffects.removeAll()
        var unasserted = started
        var missing: [String] = []
        for id in expected {
            if let index = unasserted.firstIndex(of: id) { unasserted.remove(at: index) } else { missing.append(id) }
        }
        if !unasserted.isEmpty {
            fail("\(step) started \(Self.list(unasserted)), not asserted: add it to `starts:`", sourceLocation)
        }
        if !missing.isEmpty {
            fail(
                "\(step) did not start \(Self.list(missing)) (it started \(Self.list(started))); a timer whose id runs "
                    + "does not start again", sourceLocation)
        }
    }

    /// `"a", "b"`, or `nothing`.
    private static func list(_ ids: [String]) -> String {
        ids.isEmpty ? "nothing" : ids.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// The recorder's changes since the last call, checked for states equal to the one before (the equality
    /// guard is missing).
    private func take(_ sourceLocation: SourceLocation) -> [Change] {
        let changes = recorder.take()
        var previous = receivedChanges.last?.state ?? state
        for change in changes {
            if change.state == previous {
                fail(
                    "the presenter published a view state equal to the one before, at \(change.at): the equality guard is missing",
                    sourceLocation)
            }
            previous = change.state
        }
        return changes
    }

    private func dropReceived() {
        if let last = receivedChanges.last { state = last.state }
        receivedChanges.removeAll()
    }

    private func settle() async {
        guard activity.inFlight > 0 else { return }
        await activity.waitUntilIdle(timeout: idleTimeout)
    }

    /// `N change(s) not asserted (at …) <when>; the first:` and its difference from the last asserted state.
    private func describe(_ changes: [Change], _ when: String) -> String {
        let instants = changes.prefix(8).map { "\($0.at)" }.joined(separator: ", ")
        let more = changes.count > 8 ? ", …" : ""
        var text = "\(changes.count) change(s) not asserted (at \(instants)\(more)) \(when)"
        if let first = changes.first { text += "; the first:\n\(Self.difference(from: state, to: first.state))" }
        return text
    }

    private func fail(_ message: String, _ sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// The lines of the two states' dumps that differ: `−` expected (or before), `+` actual.
    static func difference(from old: P.ViewState, to new: P.ViewState) -> String {
        var oldText = ""
        var newText = ""
        dump(old, to: &oldText)
        dump(new, to: &newText)
        let oldLines = oldText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = newText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in newLines.difference(from: oldLines) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // In the order of the dumps: what went, then what came in its place.
        var lines: [String] = []
        var (old, new) = (0, 0)
        while old < oldLines.count || new < newLines.count {
            if removed.contains(old), old < oldLines.count {
                lines.append("− " + oldLines[old])
                old += 1
            } else if inserted.contains(new), new < newLines.count {
                lines.append("+ " + newLines[new])
                new += 1
            } else {
                old += 1
                new += 1
            }
        }
        let limit = 60
        let shown = lines.prefix(limit).joined(separator: "\n")
        return lines.count > limit ? shown + "\n… (\(lines.count - limit) more lines)" : shown
    }
}

/// Whether `finish()` ran; read by the store's `deinit`, which may run on any thread.
private final class FinishMark: Sendable {
    private let state = Locked<(isDone: Bool, recorded: SourceLocation?)>((false, nil))

    var location: SourceLocation? {
        get { state.withLock { $0.recorded } }
        set { state.withLock { $0.recorded = newValue } }
    }

    func done() { state.withLock { $0.isDone = true } }

    /// Where the store was made, when `finish()` never ran.
    var unfinished: SourceLocation? { state.withLock { $0.isDone ? nil : $0.recorded } }
}
