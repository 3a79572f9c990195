import OfferCountdownFeature

/// Which digit each of the timer's positions last rolled from: view-local state of the web scene.
///
/// The presenter publishes a roll in steps (`progress` 0, then 0.5) and then the settled digit with no roll.
/// The browser animates the roll by itself, so the page must stay byte-identical through all of those frames:
/// a digit element keeps its `data-from` until the digit at its position changes again. No frame of a roll
/// then sends a patch, and the element the browser is animating is never touched.
struct DigitRollMemory {
    private struct Roll: Equatable {
        let digit: Int
        let from: Int
    }

    private var rolls: [Int: Roll] = [:]

    /// Remembers the rolls among `digits` and forgets those of positions that changed without one.
    /// Idempotent: noting the same digits again changes nothing.
    mutating func note(_ digits: [RollingDigit]) {
        for (position, digit) in digits.enumerated() {
            if let roll = digit.roll {
                rolls[position] = Roll(digit: digit.digit, from: roll.from)
            } else if let known = rolls[position], known.digit != digit.digit {
                // Changed without a roll seen (the roll is off): no `from` to show.
                rolls[position] = nil
            }
        }
    }

    /// The digit each position rolled from to reach its current digit, or nil for a digit that has not
    /// rolled (there from the start, or changed with the roll off).
    mutating func rolledFrom(_ digits: [RollingDigit]) -> [Int?] {
        note(digits)
        return digits.indices.map { rolls[$0]?.from }
    }
}
