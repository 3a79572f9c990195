import OfferCountdownFeature

/// What the offer page shows, as a value: the view state without the rolls' progress (the browser animates a
/// roll by itself, so its steps draw nothing new), the digit each position rolled from (`DigitRollMemory`) and
/// the roll's length. Equal inputs render the same bytes, on any page (`SharedRenderScene`).
public struct OfferPageInput: Sendable, Equatable {
    let state: OfferCountdownViewState
    let rolledFrom: [Int?]
    let rollMilliseconds: Int

    init(state: OfferCountdownViewState, rolledFrom: [Int?], rollMilliseconds: Int) {
        var settled = state
        // The page draws a digit's value and where it rolled from, never how far the roll has come.
        if settled.countdown.isRolling { settled.countdown.digits = state.countdown.digits.map { RollingDigit($0.digit) } }
        self.state = settled
        self.rolledFrom = rolledFrom
        self.rollMilliseconds = rollMilliseconds
    }
}
