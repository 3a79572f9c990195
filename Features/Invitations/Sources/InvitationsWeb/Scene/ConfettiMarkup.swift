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
        var random = SeededSequence(seed: isRegistered ? 0xB20C_C011 : 0x5EE_0FF)
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
    private static func cannonPiece(_ index: Int, _ random: inout SeededSequence) -> Piece {
        let fromLeft = index.isMultiple(of: 2)
        let drift = random.next(in: 10...42) * (fromLeft ? 1 : -1)
        return Piece(
            shape: random.int(below: 3), color: cannonColors[random.int(below: cannonColors.count)].rawValue,
            vars: "--x:\(fromLeft ? 2 : 98)vw;--dx:\(format(drift))vw;--rise:\(format(random.next(in: 55...92)))vh;"
                + "--delay:\(Int(random.next(in: 0...300)))ms;--spin:\(Int(random.next(in: 360...1080)))deg")
    }

    /// Drifting down from above the top edge, swaying.
    private static func showerPiece(_ random: inout SeededSequence) -> Piece {
        Piece(
            shape: random.int(below: 3), color: showerColors[random.int(below: showerColors.count)].rawValue,
            vars: "--x:\(format(random.next(in: 2...98)))vw;--dx:\(format(random.next(in: -6...6)))vw;"
                + "--delay:\(Int(random.next(in: 0...900)))ms;--spin:\(Int(random.next(in: 90...360)))deg")
    }

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}

/// SplitMix64, so the page's confetti is the same on every run and platform.
struct SeededSequence {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextBits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`, from the top 53 bits.
    mutating func next(in range: ClosedRange<Double>) -> Double {
        let unit = Double(nextBits() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    mutating func int(below bound: Int) -> Int { Int(nextBits() % UInt64(bound)) }
}
