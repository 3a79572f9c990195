/// Everything the offer screen shows, already formatted, in words no surface owns. Its parts (`CountdownState`,
/// `ActivateButtonState`, `OfferPopupState`, `OfferFocus`) are in `OfferViewParts.swift`.
public struct OfferCountdownViewState: Sendable, Equatable {
    public var copy: OfferCopy
    public var countdown: CountdownState
    public var activateButton: ActivateButtonState
    /// Nil while no popup is open.
    public var popup: OfferPopupState?
    public var focus: OfferFocus
    /// `This offer has expired.` once the countdown reached zero without an activation; nil otherwise.
    public var expiredNote: String?

    public init(
        copy: OfferCopy, countdown: CountdownState, activateButton: ActivateButtonState, popup: OfferPopupState?,
        focus: OfferFocus, expiredNote: String? = nil
    ) {
        self.copy = copy
        self.countdown = countdown
        self.activateButton = activateButton
        self.popup = popup
        self.focus = focus
        self.expiredNote = expiredNote
    }
}
