/// A running celebration (congratulations or cancelled): which burst and how far along it is.
struct CelebrationModel: Equatable {
    var kind: InvitationsPresenter.ViewState.Celebration.Kind
    /// Distinguishes this burst's ticks from a previous one's.
    var burst: Int
    /// Timeline offset of frame 0.
    var startedAt: Duration
    var frame = 0

    var isOver: Bool { frame >= ConfettiBurst.frameCount }

    /// When the frame after the current one is due; nil once the burst is over.
    var nextFrameDeadline: Duration? {
        isOver ? nil : startedAt + ConfettiBurst.frameInterval * (frame + 1)
    }

    /// The frame to show at `now`: at least the next one, and after a stall the one that is due (missed
    /// frames are skipped, not replayed); never past the last.
    func frame(dueAt now: Duration) -> Int {
        let due = Int(((now - startedAt) / ConfettiBurst.frameInterval).rounded(.down))
        return min(ConfettiBurst.frameCount, max(frame + 1, due))
    }
}
