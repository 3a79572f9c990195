import Foundation

/// The user's clock preference.
public enum HourCycle: String, Sendable, Equatable, CaseIterable {
    case twelveHour = "12"
    case twentyFourHour = "24"

    /// A locale's own clock: 12-hour when its short time pattern (ICU's `j` skeleton) has an AM/PM marker. A locale
    /// `KnownLocaleTable` holds is answered from it, without ICU's first-use cost.
    public static func preferred(by locale: Locale) -> HourCycle {
        if let known = KnownLocaleTable.hourCycle(of: locale.identifier) { return known }
        let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "HH"
        return pattern.contains("a") ? .twelveHour : .twentyFourHour
    }
}
