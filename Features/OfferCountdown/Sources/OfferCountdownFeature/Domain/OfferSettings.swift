import FeatureHostCore

/// The feature's settings, read and checked once: `duration` and `rollDuration`, in seconds.
struct OfferSettings: Equatable {
    static let keys = ["duration", "rollDuration"]

    /// Where the countdown starts; at most what four two-digit boxes show (99 days 23:59:59).
    var duration: Duration
    /// How long a changing digit rolls; under a second so one roll ends before the next change; 0 = no roll.
    var rollDuration: Duration

    init(_ settings: FeatureSettings) throws {
        let duration = try settings.number("duration", default: 86_400, in: 1...Double(CountdownFormat.maximumSeconds))
        let roll = try settings.number("rollDuration", default: 0.35, in: 0...0.95)
        self.duration = .seconds(duration)
        self.rollDuration = .seconds(roll)
    }
}
