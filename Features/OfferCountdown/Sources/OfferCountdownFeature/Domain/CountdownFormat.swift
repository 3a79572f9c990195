/// How a number of whole seconds is written: the timer's four boxes and the popup's shortened form.
enum CountdownFormat {
    /// The largest value four two-digit boxes hold: 99 days 23:59:59.
    static let maximumSeconds = 99 * 86_400 + 23 * 3_600 + 59 * 60 + 59

    /// `[day, hour, minute, second]`, each 0...99 / 0...23 / 0...59 / 0...59; negative values count as zero
    /// and values past the maximum show the maximum.
    static func groups(_ seconds: Int) -> [Int] {
        let value = min(max(seconds, 0), maximumSeconds)
        return [value / 86_400, value / 3_600 % 24, value / 60 % 60, value % 60]
    }

    /// The eight digits of the four boxes, most significant first.
    ///
    /// This and `timer` run on every wake-up (a simulated day has 260,000), so they index the groups directly:
    /// in the unoptimised builds tests run, `flatMap`, `map` and `joined` cost several times the arithmetic.
    static func digits(_ seconds: Int) -> [Int] { digits(groups: groups(seconds)) }

    /// The digits of `groups` as `groups(_:)` gives them: a caller that needs digits and timer asks once.
    static func digits(groups group: [Int]) -> [Int] {
        [
            group[0] / 10, group[0] % 10, group[1] / 10, group[1] % 10, group[2] / 10, group[2] % 10, group[3] / 10,
            group[3] % 10,
        ]
    }

    /// The timer: always four groups of two digits, `01:00:00:00`.
    static func timer(_ seconds: Int) -> String { timer(groups: groups(seconds)) }

    static func timer(groups group: [Int]) -> String {
        twoDigits(group[0]) + ":" + twoDigits(group[1]) + ":" + twoDigits(group[2]) + ":" + twoDigits(group[3])
    }

    /// The popup's time: the timer's format with leading all-zero groups dropped, but never fewer than two
    /// groups (minutes and seconds), so `00:00:00:07` reads `00:07` like a clock, not a bare `07`.
    static func popup(_ seconds: Int) -> String {
        var groups = groups(seconds)
        while groups.count > 2, groups[0] == 0 { groups.removeFirst() }
        return groups.map(twoDigits).joined(separator: ":")
    }

    private static func twoDigits(_ value: Int) -> String {
        value >= 0 && value < pairs.count ? pairs[value] : String(value)
    }

    /// `00` to `99`, made once.
    private static let pairs: [String] = (0..<100).map { $0 < 10 ? "0\($0)" : String($0) }
}
