/// How a number of whole seconds is written: the timer's four boxes and the popup's shortened form.
enum CountdownFormat {
    /// The largest value four two-digit boxes hold: 99 days 23:59:59.
    static let maximumSeconds = 99 * 86_400 + 23 * 3_600 + 59 * 60 + 59

    /// `[day, hour, minute, second]`, each 0...99 / 0...23 / 0...59 / 0...59; negative values count as zero
    /// and values past the maximum show the maximum.
    static func groups(_ seconds: Int) -> [Int] {
        let group = Groups(seconds)
        return [group.day, group.hour, group.minute, group.second]
    }

    /// The four groups without an array: the timer and its digits are made from them on every wake-up.
    struct Groups {
        let day, hour, minute, second: Int

        init(_ seconds: Int) {
            let value = seconds < 0 ? 0 : seconds > maximumSeconds ? maximumSeconds : seconds
            day = value / 86_400
            hour = value / 3_600 % 24
            minute = value / 60 % 60
            second = value % 60
        }
    }

    /// The eight digits of the four boxes, most significant first.
    ///
    /// This and `timer` run on every wake-up (a simulated day has 260,000), so they work on `Groups` directly:
    /// in the unoptimised builds tests run, `flatMap`, `map` and `joined` cost several times the arithmetic.
    static func digits(_ seconds: Int) -> [Int] { digits(Groups(seconds)) }

    /// The digits of `group`: a caller that needs digits and timer makes the groups once.
    static func digits(_ group: Groups) -> [Int] {
        [
            group.day / 10, group.day % 10, group.hour / 10, group.hour % 10, group.minute / 10, group.minute % 10,
            group.second / 10, group.second % 10,
        ]
    }

    /// The timer: always four groups of two digits, `01:00:00:00`.
    static func timer(_ seconds: Int) -> String { timer(Groups(seconds)) }

    static func timer(_ group: Groups) -> String {
        twoDigits(group.day) + ":" + twoDigits(group.hour) + ":" + twoDigits(group.minute) + ":" + twoDigits(group.second)
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
