import Foundation

/// An exact amount of money: a whole number of ten-thousandths of the currency's major unit.
///
/// Sums never go through `Double` (0.1 + 0.2 must be 0.3). Four decimal places hold the minor units of every
/// ISO 4217 currency; formatting rounds to the currency's own digits.
public struct Money: Hashable, Comparable, Sendable, AdditiveArithmetic, CustomStringConvertible {
    /// Decimal places kept exactly.
    public static let fractionDigits = 4
    static let unitsPerMajor: Int64 = 10_000

    /// The amount in ten-thousandths (`82.99` is `829_900`).
    public var scaled: Int64

    public init(scaled: Int64) { self.scaled = scaled }

    public static let zero = Money(scaled: 0)

    /// Whole major units, e.g. `Money(major: 5)` is 5.00.
    public init(major: Int64) { scaled = major * Self.unitsPerMajor }

    /// Parses a plain decimal like `82.99`, `-5`, `0.1234`. `nil` for anything else (exponents, more than four
    /// decimal places, grouping separators) or a value too large to hold.
    public init?(_ text: String) {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        var fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else { return nil }
        // Trailing zeros carry no value: `1.50000` is fine.
        while fraction.count > Self.fractionDigits, fraction.last == "0" { fraction = fraction.dropLast() }
        guard fraction.count <= Self.fractionDigits else { return nil }
        let padded = fraction + String(repeating: "0", count: Self.fractionDigits - fraction.count)
        var value: Int64 = 0
        for digit in whole.drop(while: { $0 == "0" }) + padded {
            guard let next = Self.append(digit, to: value) else { return nil }
            value = next
        }
        scaled = negative ? -value : value
    }

    /// The exact value of a decoded `Decimal`, or `nil` when it has more than four decimal places or is too large.
    public init?(exactly decimal: Decimal) {
        guard decimal.isFinite else { return nil }
        // `Decimal.description` is plain notation (`100`, `0.1`, `-82.99`), never an exponent.
        self.init(decimal.description)
    }

    private static func append(_ digit: Character, to value: Int64) -> Int64? {
        guard let number = digit.wholeNumberValue else { return nil }
        let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times10.addingReportingOverflow(Int64(number))
        return overflow1 || overflow2 ? nil : sum
    }

    /// The exact value as a `Decimal`, for formatters.
    public var decimal: Decimal {
        Decimal(
            sign: scaled < 0 ? .minus : .plus, exponent: -Self.fractionDigits, significand: Decimal(scaled.magnitude))
    }

    /// `82.99`, `-5`, `0.1234`: the shortest exact plain form, locale-independent (for logs and messages).
    public var description: String {
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt64(Self.unitsPerMajor)
        var fraction = String(magnitude % UInt64(Self.unitsPerMajor))
        fraction = String(repeating: "0", count: Self.fractionDigits - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (scaled < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    public static func + (lhs: Money, rhs: Money) -> Money { Money(scaled: lhs.scaled + rhs.scaled) }
    public static func - (lhs: Money, rhs: Money) -> Money { Money(scaled: lhs.scaled - rhs.scaled) }
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.scaled < rhs.scaled }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
