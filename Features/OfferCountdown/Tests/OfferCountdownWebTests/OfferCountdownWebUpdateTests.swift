import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import Testing
import WebUI
import WebUITesting

@testable import OfferCountdownWeb

/// What changes on the page from one second to the next: only the changed digits' elements, each a small
/// new element, so the live diff sends a few small `replace` ops and no frame of a roll sends anything.
@MainActor
@Suite("Web scene: updates")
struct OfferCountdownWebUpdateTests {
    /// The elements of a render, one per line (the builder writes no whitespace, so `><` splits them).
    func elements(_ html: String) -> [String] { html.components(separatedBy: "><") }

    /// The lines that differ between two renders with the same element structure.
    func changedElements(from old: String, to new: String) -> [String] {
        let (before, after) = (elements(old), elements(new))
        guard before.count == after.count else {
            Issue.record("the element count changed: \(before.count) → \(after.count)")
            return []
        }
        return zip(before, after).filter { $0 != $1 }.map(\.1)
    }

    @Test(
        "a second's change alters only the changed digits' elements",
        arguments: [
            (5.5, 1, ["span data-from=\"5\" id=\"d7-4\">4</span"]),
            (10.5, 2, ["span data-from=\"5\" id=\"d6-4\">4</span", "span data-from=\"0\" id=\"d7-9\">9</span"]),
            (
                60.5, 3,
                [
                    "span data-from=\"9\" id=\"d5-8\">8</span", "span data-from=\"0\" id=\"d6-5\">5</span",
                    "span data-from=\"0\" id=\"d7-9\">9</span",
                ]
            ),
        ])
    func secondChange(at seconds: Double, changed count: Int, expected: [String]) async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: seconds)
        let before = h.scene.html()
        await h.host.advance(seconds: 1)
        let after = h.scene.html()
        let changed = changedElements(from: before, to: after)
        #expect(changed.count == count)
        #expect(changed == expected)
    }

    @Test("every frame of a roll renders the same bytes, also when the page goes to the background mid-roll")
    func rollFramesAreIdentical() async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: 7)
        let atChange = h.scene.html()
        await h.host.advance(seconds: 0.175)
        #expect(h.state.countdown.isRolling)
        #expect(h.scene.html() == atChange)
        h.feature.handle(.didEnterBackground)
        #expect(!h.state.countdown.isRolling)
        #expect(h.scene.html() == atChange)
        h.feature.handle(.willEnterForeground)
        #expect(h.scene.html() == atChange)
        // Rendering is idempotent: asking again gives the same bytes.
        #expect(h.scene.html() == h.scene.html())
    }

    @Test("a page's presenter that wakes only for each second (the browser animates the roll) draws the same bytes")
    func animatedMotionDrawsTheSamePage() async throws {
        let (stepped, animated) = (try Harness(), try Harness(motion: .animated))
        stepped.appear()
        animated.appear()
        var (steppedChanges, animatedChanges) = (stepped.presenter.changeCount, animated.presenter.changeCount)
        // Every 25 ms through three seconds: each instant of a roll, its steps, its end and the still time after.
        for _ in 0..<120 {
            await stepped.host.advance(seconds: 0.025)
            await animated.host.advance(seconds: 0.025)
            #expect(animated.scene.html() == stepped.scene.html(), "at \(animated.host.clock.now.offset)")
        }
        (steppedChanges, animatedChanges) = (
            stepped.presenter.changeCount - steppedChanges, animated.presenter.changeCount - animatedChanges
        )
        #expect(steppedChanges == 7, "each second, and the step and end of the two rolls that finished in the three")
        #expect(animatedChanges == 3, "each second only")
    }

    @Test("a typical second's patch stays under 300 bytes on the wire", arguments: [5.5, 10.5])
    func patchBudget(at seconds: Double) async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: seconds)
        let before = h.scene.html()
        await h.host.advance(seconds: 1)
        let changed = changedElements(from: before, to: h.scene.html())
        let bytes = PatchEstimate.bytes(replacing: changed.map { "<" + $0 + ">" })
        #expect(bytes < 300, "\(changed.count) digits: \(bytes) B")
    }
}

/// The size of a live-protocol message replacing elements (docs/web-surface.md): the SSE envelope with
/// six-digit versions (a day at 3 frames a second), one `replace` op per element naming the digit it replaces
/// by its key, and the HTML as a JSON string (its quotes escaped).
enum PatchEstimate {
    static func bytes(replacing elements: [String]) -> Int {
        let ops = elements.map { html in
            #"{"op":"replace","key":"d7-5","html":""# + html.replacingOccurrences(of: "\"", with: "\\\"") + #""}"#
        }
        let data = #"{"from":259199,"to":259200,"ops":["# + ops.joined(separator: ",") + "]}"
        return "event: patch\nid: 259200\ndata: \(data)\n\n".utf8.count
    }
}
