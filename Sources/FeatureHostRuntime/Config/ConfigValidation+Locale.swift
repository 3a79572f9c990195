import FeatureHostCore
import Foundation

/// The config's top-level `locale` and `hourCycle`.
extension ConfigValidation {
    mutating func localeSettings(in object: [String: Any]) -> HostConfig.LocaleSettings {
        var settings = HostConfig.LocaleSettings()
        if let value = object["locale"] {
            if let identifier = value as? String, LocalePreference.isKnown(identifier) {
                settings.locale = identifier
            } else {
                report("locale", "found \(describe(value)); allowed: a locale identifier such as \"en_US\", \"de_DE\" or \"nb_NO\".")
            }
        }
        if let value = object["hourCycle"] {
            // 12 or 24, as a number or as the string the command line takes.
            let text = numberValue(value).map { $0 == 12 ? "12" : $0 == 24 ? "24" : "" } ?? (value as? String)
            if let text, let cycle = HourCycle(rawValue: text) {
                settings.hourCycle = cycle
            } else {
                report("hourCycle", "found \(describe(value)); allowed: 12 or 24.")
            }
        }
        return settings
    }
}
