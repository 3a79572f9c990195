import Testing

@testable import TerminalUI

/// Whether a shell could continue the host after Ctrl-Z, read from a process table: the group must have a
/// member whose parent is in another group of the same session.
@Suite struct JobControlTests {
    typealias Process = JobControl.Process

    private func check(_ table: [Int32: Process], from pid: Int32 = 100) -> Bool {
        JobControl.canBeResumed(pid) { table[$0] }
    }

    @Test func aJobOfAJobControlShellCanBeResumed() {
        // bash -i (pid 10, its own group 10, session 10) started featurehost in group 100.
        #expect(check([100: Process(parent: 10, group: 100, session: 10), 10: Process(parent: 5, group: 10, session: 10)]))
    }

    @Test func theTerminalsOwnCommandCannot() {
        // tmux new 'featurehost': a session leader whose parent, the tmux server, is in another session.
        #expect(!check([100: Process(parent: 7, group: 100, session: 100), 7: Process(parent: 1, group: 7, session: 7)]))
    }

    @Test func aShellWithoutJobControlCannot() {
        // bash -c 'featurehost' in a tmux pane: bash and featurehost share the pane's group; bash's parent is tmux.
        #expect(
            !check([
                100: Process(parent: 50, group: 50, session: 50), 50: Process(parent: 7, group: 50, session: 50),
                7: Process(parent: 1, group: 7, session: 7),
            ]))
    }

    @Test func aShellThatIsGoneCannot() {
        // The shell exited: featurehost was reparented to init (or a subreaper), in another session.
        #expect(!check([100: Process(parent: 1, group: 100, session: 10), 1: Process(parent: 0, group: 1, session: 1)]))
        // Or the parent cannot be looked up at all.
        #expect(!check([100: Process(parent: 42, group: 100, session: 10)]))
        #expect(!check([:]))
    }

    @Test func theWalkThroughTheOwnGroupIsBounded() {
        // A damaged table where the parents form a cycle inside the group.
        #expect(!check([100: Process(parent: 101, group: 100, session: 10), 101: Process(parent: 100, group: 100, session: 10)]))
    }

    @Test func thisTestProcessGivesAnAnswer() {
        // Whatever runs the tests (a shell, tmux, CI), the live check reads the real table and does not hang.
        _ = JobControl.canThisProcessBeResumed()
    }
}
