/// Everything the offer screen shows, already formatted, in words no surface owns. Its parts (`CountdownView`,
/// `ActivateButtonView`, `OfferPopupView`, `OfferFocus`) are in `OfferViewParts.swift`.
public struct OfferCountdownViewState: Sendable, Equatable {
    public var copy: OfferCopy
    public var countdown: CountdownView
    public var activateButton: ActivateButtonView
    /// Nil while no popup is open.
    public var popup: OfferPopupView?
    public var focus: OfferFocus
    /// `This offer has expired.` once the countdown reached zero without an activation; nil otherwise.
    public var expiredNote: String?

    public init(
        copy: OfferCopy, countdown: CountdownView, activateButton: ActivateButtonView, popup: OfferPopupView?,
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
