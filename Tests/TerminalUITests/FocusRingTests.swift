import TerminalUI
import Testing

@Suite struct FocusRingTests {
    @Test func tabAndDownMoveForwardAndWrap() {
        var ring = FocusRing(["a", "b", "c"])
        #expect(ring.focused == "a")
        #expect(ring.handle(.tab) == .handled)
        #expect(ring.focused == "b")
        #expect(ring.handle(.down) == .handled)
        ring.next()
        #expect(ring.focused == "a")
    }

    @Test func shiftTabAndUpMoveBackAndWrap() {
        var ring = FocusRing(["a", "b", "c"])
        #expect(ring.handle(.backTab) == .handled)
        #expect(ring.focused == "c")
        #expect(ring.handle(.up) == .handled)
        #expect(ring.isFocused("b"))
    }

    @Test func otherKeysAreIgnored() {
        var ring = FocusRing(["a", "b"])
        #expect(ring.handle(.enter) == .ignored)
        #expect(ring.handle(.escape) == .ignored)
        #expect(ring.focused == "a")
    }

    @Test func keepsFocusWhenTheControlsChange() {
        var ring = FocusRing(["a", "b", "c"], focused: "c")
        ring.setIDs(["c", "d"])
        #expect(ring.focused == "c")
        ring.setIDs(["x", "y"])
        #expect(ring.focused == "x")
        ring.focus("y")
        ring.focus("nope")
        #expect(ring.focused == "y")
    }

    @Test func anEmptyRingFocusesNothing() {
        var ring = FocusRing<String>([])
        #expect(ring.handle(.tab) == .handled)
        #expect(ring.focused == nil)
    }
}
