/// Arithmetic on numbers that came from outside (a count in a feed, a size in a file, a number of seconds) that
/// stops at the type's bounds instead of trapping: an unread count of `Int.max` plus one more is `Int.max`, shown as
/// "99+" like any large count, and never ends the host.
extension FixedWidthInteger {
    /// `self + other`, or the bound it would pass.
    public func addingSaturated(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, or the bound it would pass.
    public func subtractingSaturated(_ other: Self) -> Self {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other > 0 ? .min : .max
    }

    /// `self × other`, or the bound it would pass.
    public func multipliedSaturated(by other: Self) -> Self {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }

    /// `value` rounded toward zero, the nearest bound when it is outside the type, 0 for NaN: never a trap.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Self.max) {
            self = .max
        } else if value <= Double(Self.min) {
            self = .min
        } else {
            self = Self(value)
        }
    }
}

extension Sequence where Element: FixedWidthInteger {
    /// The sum, stopping at the type's bounds.
    public func saturatingSum() -> Element {
        reduce(0) { $0.addingSaturated($1) }
    }
}

extension ClosedRange where Bound == Double {
    /// `value` inside the range; NaN gives `fallback` (itself put inside the range).
    public func clamping(_ value: Double, nanGives fallback: Double) -> Double {
        let value = value.isNaN ? fallback : value
        return Swift.min(Swift.max(value, lowerBound), upperBound)
    }
}
