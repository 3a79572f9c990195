/// The `data-action` names the offer page's controls carry, and their parsing back from a page event. Whatever a
/// page sends, parsing either finds one of these or nothing.
enum OfferCountdownWebAction: String, Equatable, CaseIterable {
    /// The `ACTIVATE OFFER` button.
    case activate
    /// The backdrop and the popup's `✕`.
    case dismiss

    var name: String { rawValue }

    init?(name: String) { self.init(rawValue: name) }
}
