import FeatureHostCore
import Foundation

/// Every text the feature shows from a number or a date, built once for the context's locale and the
/// `currency` setting, so the Transactions and Insights tabs format alike.
///
/// Sendable, so the view state that formats its rows lazily is: the formatters are configured here and only
/// read afterwards (Foundation's formatters are Sendable and safe to read from any thread).
public final class TransactionFormatting: Sendable {
    let locale: Locale
    let currencyCode: String
    let timeZone: TimeZone
    let hourCycle: HourCycle
    private let money = NumberFormatter()
    private let percent = NumberFormatter()
    private let count = NumberFormatter()
    private let day = DateFormatter()
    private let moment = DateFormatter()

    public init(locale: Locale, currencyCode: String, timeZone: TimeZone, hourCycle: HourCycle) {
        self.locale = locale
        self.currencyCode = currencyCode
        self.timeZone = timeZone
        self.hourCycle = hourCycle
        money.locale = locale
        money.numberStyle = .currency
        money.currencyCode = currencyCode
        money.roundingMode = .halfEven
        percent.locale = locale
        percent.numberStyle = .percent
        percent.minimumFractionDigits = 1
        percent.maximumFractionDigits = 1
        count.locale = locale
        count.numberStyle = .decimal
        day.locale = locale
        day.dateStyle = .medium
        day.timeStyle = .none
        // Transaction dates are calendar days (midnight UTC): shown in UTC, so no time zone moves them a day.
        day.timeZone = TimeZone(identifier: "UTC")
        moment.locale = locale
        moment.timeZone = timeZone
        moment.setLocalizedDateFormatFromTemplate(hourCycle == .twelveHour ? "yMMMdhmma" : "yMMMdHHmm")
    }

    /// Whether `other` formats every text as this one does: it was made from the same locale, currency, time zone
    /// and clock.
    func formatsLike(_ other: TransactionFormatting) -> Bool {
        self === other
            || (locale.identifier == other.locale.identifier && currencyCode == other.currencyCode
                && timeZone.identifier == other.timeZone.identifier && hourCycle == other.hourCycle)
    }

    /// `$472.08` for en_US and USD; `472,08 $` for de_DE.
    func money(_ amount: Money) -> String {
        money.string(from: NSDecimalNumber(decimal: amount.decimal)) ?? "\(amount) \(currencyCode)"
    }

    /// `15.7%` for 157 per mille.
    func percent(perMille: Int) -> String {
        let fraction = Decimal(sign: .plus, exponent: -3, significand: Decimal(perMille))
        return percent.string(from: NSDecimalNumber(decimal: fraction)) ?? "\(Double(perMille) / 10)%"
    }

    /// `100,000` in en_US.
    func count(_ value: Int) -> String { count.string(from: NSNumber(value: value)) ?? String(value) }

    /// `Apr 25, 2021`: the medium date style of the locale.
    func day(_ date: Date) -> String { day.string(from: date) }

    /// A date and time in the user's time zone and clock, for when an offline copy was saved.
    func moment(_ date: Date) -> String {
        // en_US templates put a narrow no-break space before AM/PM; terminals show a plain one best.
        moment.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
    }
}
