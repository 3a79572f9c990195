/// The words the web page adds to the design's (`OfferCopy`): accessible names, which a screen needs only
/// when it is read aloud, and the portrait message, worded as the terminal's.
enum OfferWebCopy {
    /// The `✕` on the artwork, which does nothing (the spec).
    static let closeOfferLabel = "Close"
    /// The popup's own close control (also `✕`).
    static let closePopupLabel = "Close"
    /// The timer's name for assistive tech; its text (the digits) is read as it stands.
    static let timerLabel = "Time left to claim the offer"
    /// Taller than wide: the terminal's first sentence, then what to do on a device or a window.
    static let portraitTitle = "This offer is shown in landscape only."
    static let portraitHint = "Turn your device, or make the window wider."
}
