import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFixtures
import Testing

@testable import OfferCountdownFeature

/// Builds expected view states from what the screen should read, so tests state whole states briefly.
enum Expect {
    /// The digits of `text` (`00:23:59:55`), each rolling from the digit of `rollingFrom` in the same place
    /// when that one differs.
    static func countdown(
        _ text: String, _ phase: CountdownState.Phase, rollingFrom: String? = nil, progress: Double = 0
    ) -> CountdownState {
        let new = text.compactMap(\.wholeNumberValue)
        let old = rollingFrom.map { $0.compactMap(\.wholeNumberValue) } ?? new
        let digits = zip(old, new).map { old, new in
            RollingDigit(new, roll: old == new ? nil : DigitRoll(from: old, progress: progress))
        }
        return CountdownState(text: text, digits: digits, phase: phase)
    }

    /// The popup for an activation at `time` (`03:15`, `23:59:57`, `01:00:00:00`); `earlier` when it shows an
    /// activation made before this press.
    static func popup(_ time: String, earlier: Bool = false) -> OfferPopupState {
        OfferPopupState(
            title: "Great!", titleShadow: .pink, message: "Offer activated at \(time)",
            note: earlier ? "Already activated earlier." : nil)
    }

    /// `activated`: the offer was activated (the button says so); `earlier`: the popup shows that earlier activation.
    static func state(
        _ countdown: CountdownState, buttonEnabled: Bool = true, popupTime: String? = nil, activated: Bool = false,
        earlier: Bool = false
    ) -> OfferCountdownPresenter.ViewState {
        let shown = popupTime.map { Self.popup($0, earlier: earlier) }
        return OfferCountdownPresenter.ViewState(
            copy: OfferCopy(), countdown: countdown,
            activateButton: ActivateButtonState(
                title: activated ? "OFFER ACTIVATED" : "ACTIVATE OFFER", isEnabled: buttonEnabled,
                gradient: buttonEnabled ? [.blue, .pink] : [.gray, .gray]),
            popup: shown, focus: shown == nil ? .activateButton : .popup,
            expiredNote: buttonEnabled ? nil : "This offer has expired.")
    }

    static func running(_ text: String, activated: Bool = false) -> OfferCountdownPresenter.ViewState {
        state(countdown(text, .running), activated: activated)
    }
}

extension Duration {
    /// Whole milliseconds, so `5.35` means exactly 5.350 s (a `Double` 5.35 is a hair less).
    static func seconds(exactly seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1_000).rounded())) }
}
