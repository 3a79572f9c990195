/// Every string of the design, exactly as written there (design-notes.md, "Offer countdown").
public struct OfferCopy: Sendable, Equatable {
    public var close = "✕"
    public var headline = "LAST-MINUTE CHANCE!"
    public var subheadline = "to claim your offer"
    public var discount = "90% OFF"
    public var audience = "For true music fans"
    public var caption = "Hundreds of songs in your pocket"
    public var activateButton = "ACTIVATE OFFER"
    public var footerLinks = ["Privacy", "Restore", "Terms"]
    public var popupTitle = "Great!"
    /// Not on the design, which has no expired state: the countdown reached zero before an activation, and a
    /// grey button alone reads as "disabled", not "too late".
    public var expired = "This offer has expired."
    /// Not on the design either, which shows one activation: the button once the offer is activated, so the
    /// screen says so after the popup closes (and in another tab).
    public var activatedButton = "OFFER ACTIVATED"
    /// Under the popup's message when it shows an earlier activation (a second press, another tab): the time is
    /// that activation's, not now.
    public var earlierActivationNote = "Already activated earlier."

    public init() {}

    /// `Offer activated at 03:15`
    public func popupMessage(time: String) -> String { "Offer activated at \(time)" }

    public static let design = OfferCopy()
}
