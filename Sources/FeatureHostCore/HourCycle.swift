import Foundation

/// The user's clock preference.
public enum HourCycle: String, Sendable, Equatable, CaseIterable {
    case twelveHour = "12"
    case twentyFourHour = "24"

    /// A locale's own clock: 12-hour when its short time pattern has an AM/PM marker.
    public static func preferred(by locale: Locale) -> HourCycle {
        let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "HH"
        return pattern.contains("a") ? .twelveHour : .twentyFourHour
    }
}
