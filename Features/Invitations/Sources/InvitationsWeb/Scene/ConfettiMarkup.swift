import FeatureHostCore
import InvitationsFeature
import WebUI

/// The page's own confetti: pieces animated by the stylesheet (`inv-cannon` for the congratulations, two
/// cannons in the bottom corners; `inv-shower` for the cancelled view, a calmer fall from the top), each
/// with its path passed through `data-fh-vars`. The presenter's frames drive the terminal; the page ignores
/// them, so a burst costs one update, not twenty a second. Positions come from a fixed seed: the same burst
/// renders the same bytes (stable goldens), and the browser times it (3 s, as the terminal's burst).
enum ConfettiMarkup {
    static let pieceCount = 48
    static let durationMilliseconds = 3_000

    static func burst(_ kind: InvitationsPresenter.ViewState.Celebration.Kind) -> HTML {
        let isRegistered = kind == .registered
        let name = isRegistered ? "registered" : "cancelled"
        var random = SplitMix64(seed: isRegistered ? 0xB20C_C011 : 0x5EE_0FF)
        let pieces = (0..<pieceCount).map { index in
            isRegistered ? cannonPiece(index, &random) : showerPiece(&random)
        }
        return Tag.div(
            .class("inv-confetti inv-confetti-\(name)"), .aria("hidden", "true"),
            .data("fh-vars", "--burst:\(durationMilliseconds)ms")
        ) {
            for piece in pieces {
                Tag.span(.class("inv-piece inv-shape-\(piece.shape) inv-c-\(piece.color)"), .data("fh-vars", piece.vars))
            }
        }
        // A new key for each kind: a new element, so its animations start when it appears.
        .id("inv-confetti-\(name)")
    }

    private struct Piece {
        var shape: Int
        var color: String
        var vars: String
    }

    private static let cannonColors: [ConfettiColor] = [.pink, .yellow, .green, .blue, .orange, .purple]
    private static let showerColors: [ConfettiColor] = [.sky, .lavender, .mint, .silver, .blue]

    /// Fired up and inwards from a bottom corner: `--x` start, `--dx` drift, `--rise` the apex above the floor.
    private static func cannonPiece(_ index: Int, _ random: inout SplitMix64) -> Piece {
        let fromLeft = index.isMultiple(of: 2)
        let drift = random.next(in: 10...42) * (fromLeft ? 1 : -1)
        return Piece(
            shape: Int(random.next() % 3), color: random.pick(cannonColors).rawValue,
            vars: "--x:\(fromLeft ? 2 : 98)vw;--dx:\(format(drift))vw;--rise:\(format(random.next(in: 55...92)))vh;"
                + "--delay:\(Int(random.next(in: 0...300)))ms;--spin:\(Int(random.next(in: 360...1080)))deg")
    }

    /// Drifting down from above the top edge, swaying.
    private static func showerPiece(_ random: inout SplitMix64) -> Piece {
        Piece(
            shape: Int(random.next() % 3), color: random.pick(showerColors).rawValue,
            vars: "--x:\(format(random.next(in: 2...98)))vw;--dx:\(format(random.next(in: -6...6)))vw;"
                + "--delay:\(Int(random.next(in: 0...900)))ms;--spin:\(Int(random.next(in: 90...360)))deg")
    }

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
