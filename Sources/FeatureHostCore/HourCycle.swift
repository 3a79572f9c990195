/// The user's clock preference.
public enum HourCycle: String, Sendable, Equatable, CaseIterable {
    case twelveHour = "12"
    case twentyFourHour = "24"
}
