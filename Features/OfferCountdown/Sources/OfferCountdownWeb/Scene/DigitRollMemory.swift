import OfferCountdownFeature

/// Which digit each of the timer's positions last rolled from: view-local state of the web scene, noted from
/// each state the page renders.
///
/// A page's presenter (`Motion.animated`) publishes only a roll's start (`progress` 0); a stepped one (the
/// terminal's, and the tests') goes on to its steps and the settled digit with no roll. The browser animates the
/// roll by itself, so the page must stay byte-identical through all of those frames: a digit element keeps its
/// `data-from` until the digit at its position changes again. No frame of a roll then sends a patch, and the
/// element the browser is animating is never touched.
///
/// The page renders at most once per turn of the main actor, so a busy turn can merge a roll's frames into one
/// render that shows only the settled digit. When rolls are on, a position whose digit differs from the one the
/// last render showed then rolls from that one: from what the reader saw.
struct DigitRollMemory {
    private struct Roll: Equatable {
        let digit: Int
        let from: Int
    }

    private var rolls: [Int: Roll] = [:]
    /// The digits of the last render.
    private var shown: [Int] = []

    /// The digit each position rolled from to reach its current digit, or nil for a digit that has not rolled
    /// (there from the start, or changed with the roll off). Idempotent: the same digits again give the same
    /// answer.
    mutating func rolledFrom(_ digits: [RollingDigit], rolls rollsOn: Bool) -> [Int?] {
        for (position, digit) in digits.enumerated() {
            if let roll = digit.roll {
                rolls[position] = Roll(digit: digit.digit, from: roll.from)
            } else if let known = rolls[position], known.digit == digit.digit {
                continue
            } else if rollsOn, shown.indices.contains(position), shown[position] != digit.digit {
                // The roll's own frames were merged into this render.
                rolls[position] = Roll(digit: digit.digit, from: shown[position])
            } else {
                // Changed without a roll (the roll is off), or never rolled.
                rolls[position] = nil
            }
        }
        shown = digits.map(\.digit)
        return digits.indices.map { rolls[$0]?.from }
    }
}
