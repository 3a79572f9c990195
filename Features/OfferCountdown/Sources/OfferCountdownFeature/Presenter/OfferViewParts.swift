/// Colours by name; a surface maps them to its own palette (the spec's blue (65, 69, 152) and pink (234, 72, 187)).
public enum OfferColor: String, Sendable, Equatable {
    case blue, pink, gray
}

/// One digit of the timer and, while it changes, the roll from its previous digit.
public struct RollingDigit: Sendable, Equatable {
    /// The digit now shown (once the roll has finished).
    public var digit: Int
    public var roll: DigitRoll?

    public init(_ digit: Int, roll: DigitRoll? = nil) {
        self.digit = digit
        self.roll = roll
    }
}

/// A roll under way: `from` moves up and out while `digit` comes in from below.
public struct DigitRoll: Sendable, Equatable {
    public var from: Int
    /// 0 ..< 1 in equal steps (0, 0.5 with two steps); the roll is over (nil) when the digit is in place.
    public var progress: Double

    public init(from: Int, progress: Double) {
        self.from = from
        self.progress = progress
    }
}

/// The timer as the screen shows it.
public struct CountdownState: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// The screen has not been displayed yet.
        case waiting
        case running
        /// The app is in the background; the time is kept.
        case paused
        /// Stopped at `00:00:00:00`.
        case finished
    }

    /// `00:23:59:55`: the value the digits settle on.
    public var text: String
    /// Eight digits, two per box: day, hour, minute, second.
    public var digits: [RollingDigit]
    public var phase: Phase

    public init(text: String, digits: [RollingDigit], phase: Phase) {
        self.text = text
        self.digits = digits
        self.phase = phase
    }

    /// The four boxes' digit pairs.
    public var boxes: [[RollingDigit]] {
        stride(from: 0, to: digits.count, by: 2).map { Array(digits[$0..<min($0 + 2, digits.count)]) }
    }

    /// True while any digit rolls: the surface needs the frames the presenter asks for.
    public var isRolling: Bool { digits.contains { $0.roll != nil } }
}

public struct ActivateButtonState: Sendable, Equatable {
    public var title: String
    /// False once the countdown reached zero without an activation: the offer expired.
    public var isEnabled: Bool
    /// Left to right.
    public var gradient: [OfferColor]

    public init(title: String, isEnabled: Bool, gradient: [OfferColor]) {
        self.title = title
        self.isEnabled = isEnabled
        self.gradient = gradient
    }
}

public struct OfferPopupState: Sendable, Equatable {
    public var title: String
    public var titleShadow: OfferColor
    /// `Offer activated at 03:15`
    public var message: String
    /// `Already activated earlier.` when the popup shows an earlier activation's time; nil for the first.
    public var note: String?

    public init(title: String, titleShadow: OfferColor, message: String, note: String? = nil) {
        self.title = title
        self.titleShadow = titleShadow
        self.message = message
        self.note = note
    }
}

public enum OfferFocus: Sendable, Equatable {
    case activateButton
    case popup
}
