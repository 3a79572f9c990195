import FeatureHostCore
import Foundation
import StrictJSON

/// The config's top-level `locale` and `hourCycle`.
extension ConfigValidation {
    mutating func localeSettings(in object: [String: JSONValue]) -> HostConfig.LocaleSettings {
        var settings = HostConfig.LocaleSettings()
        if let value = object["locale"] {
            if let identifier = value.stringValue, LocalePreference.isKnown(identifier) {
                settings.locale = identifier
            } else {
                report("locale", "found \(describe(value)); allowed: a locale identifier such as \"en_US\", \"de_DE\" or \"nb_NO\".")
            }
        }
        if let value = object["hourCycle"] {
            // 12 or 24, as a number or as the string the command line takes.
            let text = value.numberValue.map { $0 == 12 ? "12" : $0 == 24 ? "24" : "" } ?? value.stringValue
            if let text, let cycle = HourCycle(rawValue: text) {
                settings.hourCycle = cycle
            } else {
                report("hourCycle", "found \(describe(value)); allowed: 12 or 24.")
            }
        }
        return settings
    }
}
