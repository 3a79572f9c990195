import FeatureHostCore
import FeatureHostTesting
import TerminalUI
import Testing

/// The text driver on the shared sample counter, written the way a feature is: presenter, scene, feature.
@MainActor
@Suite struct TextDriverTests {
    let host: TestHost
    let feature: SampleCounterFeature<SampleCounter>

    init() throws {
        host = try TestHost()
        feature = try SampleCounterFeature(context: host.context(id: "sample-counter"))
    }

    func driver(_ width: Int = 30, _ height: Int = 6) -> TextDriver {
        TextDriver(scene: feature.makeScene(), size: Size(width: width, height: height))
    }

    @Test func rendersTheSceneAsText() {
        #expect(
            driver().text() == """
                 Seconds: 0
                 Clock: 12:34:00

                 [ Press ]  Presses: 0 界

                 Fetched: -
                """)
    }

    @Test func theSampleReadsOnDarkAndLightTerminals() {
        let driver = driver()
        #expect(driver.legibilityReport() == "", "the focused button, reversed")
    }

    @Test func keysDriveThePresenter() {
        let driver = driver()
        #expect(driver.press(.enter, .enter) == [.handled, .handled])
        #expect(driver.text().contains("Presses: 2"))
        #expect(feature.presenter.changeCount == 2)
        #expect(driver.press(.character("q")) == [.ignored], "unhandled keys go back to the shell")
    }

    @Test func rawBytesAreParsedAndATrailingEscIsTheEscKey() {
        let driver = driver()
        #expect(driver.input(KeyParser.decodeEscapes(#"\r\r\r\e"#)) == [.handled, .handled, .handled, .ignored])
        #expect(driver.text().contains("Presses: 3"))
    }

    @Test func timeAndLifecycleReachThePresenter() async {
        let driver = driver()
        feature.handle(.appear)
        await host.advance(by: .seconds(2))
        #expect(driver.text().hasPrefix(" Seconds: 2\n Clock: 12:34:02"))
        feature.handle(.didEnterBackground)
        #expect(driver.text().contains("Seconds: 2 (paused)"))
        feature.handle(.willEnterForeground)
        #expect(!driver.text().contains("paused"))
    }

    @Test func aSmallWindowShowsTheSizeMessage() {
        let driver = driver(60, 4)
        #expect(driver.text().contains("Make the window at least 30×6 (now 60×4)."))
        driver.size = Size(width: 30, height: 6)
        #expect(driver.text().contains("Presses: 0"))
    }
}
