import Testing

@testable import OfferCountdownFeature

@Suite("Countdown format")
struct CountdownFormatTests {
    @Test(
        "the timer always shows four two-digit groups",
        arguments: [
            (86_400, "01:00:00:00"),  // 24 h: the start
            (86_399, "00:23:59:59"),  // one second later
            (90_061, "01:01:01:01"),  // days > 0
            (3_600, "00:01:00:00"),  // hours only
            (195, "00:00:03:15"),
            (5, "00:00:00:05"),  // seconds only
            (0, "00:00:00:00"),  // zero
            (-3, "00:00:00:00"),  // never negative
            (CountdownFormat.maximumSeconds, "99:23:59:59"),
            (CountdownFormat.maximumSeconds + 1, "99:23:59:59"),
        ])
    func timer(seconds: Int, expected: String) {
        #expect(CountdownFormat.timer(seconds) == expected)
    }

    @Test(
        "the popup drops leading all-zero groups but keeps minutes and seconds",
        arguments: [
            (86_400, "01:00:00:00"),  // days > 0: nothing dropped
            (172_800, "02:00:00:00"),
            (86_397, "23:59:57"),  // hours: the day group goes
            (86_381, "23:59:41"),
            (3_600, "01:00:00"),  // hours only
            (195, "03:15"),  // the spec's example
            (60, "01:00"),
            (7, "00:07"),  // seconds only: reads like a clock, not a bare "07"
            (0, "00:00"),  // zero
        ])
    func popup(seconds: Int, expected: String) {
        #expect(CountdownFormat.popup(seconds) == expected)
    }

    @Test("digits are the timer's eight digits in order")
    func digits() {
        #expect(CountdownFormat.digits(86_395) == [0, 0, 2, 3, 5, 9, 5, 5])
        #expect(CountdownFormat.digits(0) == [0, 0, 0, 0, 0, 0, 0, 0])
    }
}
