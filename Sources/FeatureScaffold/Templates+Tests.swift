/// The bundle's two test targets: presenter tests without any surface, and the scene's golden and key tests.
extension Templates {
    static func presenterTests(_ names: FeatureNames) -> String {
        #"""
        import FeatureHostCore
        import FeatureHostTesting
        import Testing

        @testable import \#(names.module)

        @Suite @MainActor struct \#(names.name)PresenterTests {
            typealias State = \#(names.name)Presenter.ViewState
            let host: TestHost

            init() throws { host = try TestHost() }

            /// The feature as the host builds it for a config entry with its id (and these settings).
            func feature(settings: [String: SettingValue] = [:]) throws -> \#(names.module) {
                try \#(names.module)(context: host.context(for: \#(names.module).self, settings: settings))
            }

            @Test func eachActionGivesTheWholeNewState() throws {
                let presenter = try feature(settings: ["greeting": .string("Hello")]).presenter
                var expected = State(greeting: "Hello", presses: "Not pressed yet", openFor: "Open for 0 s", isPaused: false)
                #expect(presenter.viewState == expected)
                presenter.send(.press)
                expected.presses = "Pressed once"
                #expect(presenter.viewState == expected)
                presenter.send(.press)
                expected.presses = "Pressed 2 times"
                #expect(presenter.viewState == expected)
                presenter.send(.lifecycle(.didEnterBackground))
                expected.isPaused = true
                #expect(presenter.viewState == expected)
                presenter.send(.lifecycle(.willEnterForeground))
                expected.isPaused = false
                #expect(presenter.viewState == expected)
            }

            @Test func theTimerStartsOnAppearAndStopsInTheBackground() async throws {
                let presenter = try feature().presenter
                await host.advance(by: .seconds(5))
                #expect(presenter.viewState.openFor == "Open for 0 s", "nothing runs before the feature appears")
                presenter.send(.lifecycle(.appear))
                await host.advance(by: .seconds(3))
                #expect(presenter.viewState.openFor == "Open for 3 s")
                presenter.send(.lifecycle(.didEnterBackground))
                await host.advance(by: .seconds(10))
                #expect(presenter.viewState.openFor == "Open for 3 s", "no ticks in the background")
                #expect(host.clock.sleeperCount == 0)
                presenter.send(.lifecycle(.willEnterForeground))
                #expect(presenter.viewState.openFor == "Open for 13 s", "the time open counts on in the background")
                await host.advance(by: .milliseconds(1500))
                #expect(presenter.viewState.openFor == "Open for 14 s")
            }

            @Test func observersHearOnlyRealChanges() throws {
                let presenter = try feature().presenter
                var seen: [String] = []
                let observation = presenter.observe { seen.append($0.presses) }
                presenter.send(.press)
                presenter.send(.lifecycle(.willEnterForeground))
                #expect(seen == ["Pressed once"], "foreground while in the foreground changes nothing")
                #expect(presenter.changeCount == 1)
                observation.cancel()
            }

            @Test func theGreetingComesFromTheSettings() throws {
                #expect(try feature(settings: ["greeting": .string("Hi")]).presenter.viewState.greeting == "Hi")
                #expect(try feature().presenter.viewState.greeting == "\#(defaultGreeting(names))")
            }

            @Test func aBadGreetingIsAnErrorThatNamesTheSetting() throws {
                #expect(
                    throws: FeatureError(
                        "settings of \"\#(names.id)\": \"greeting\" must be a string that is not empty or only spaces, found \" \".")
                ) {
                    try feature(settings: ["greeting": .string(" ")])
                }
                #expect(throws: FeatureError("settings of \"\#(names.id)\": \"greeting\" must be a string, found a number 3.")) {
                    try feature(settings: ["greeting": .number(3)])
                }
            }
        }

        """#
    }

    static func sceneTests(_ names: FeatureNames) -> String {
        #"""
        \#(imports("FeatureHostCore", "FeatureHostTesting", "TerminalUI", "Testing", names.module))

        @testable import \#(names.terminalModule)

        @Suite @MainActor struct \#(names.name)SceneTests {
            let host: TestHost
            let feature: \#(names.module)
            let driver: TextDriver

            /// The feature shown as the shell shows it: its scene made, then `.appear`.
            init() throws {
                host = try TestHost()
                feature = try \#(names.module)(context: host.context(for: \#(names.module).self))
                driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
                feature.handle(.appear)
            }

            @Test func theMainScreenMatchesItsGoldenFrame() async throws {
                await host.settle()
                try GoldenFile.check(driver.text(), named: "main-80x24.txt", in: GoldenFile.directory())
            }

            @Test func enterPressesAndOtherKeysAreLeftToTheShell() {
                let changes = driver.changeCount
                #expect(driver.press(.enter, .escape, .character("q")) == [.handled, .ignored, .ignored])
                #expect(driver.text().contains("[ Press ]  Pressed once"))
                #expect(driver.changeCount == changes + 1, "one new frame, for the press")
                #expect(driver.scene.keyHints == [KeyHint(key: "Enter", action: "press")])
            }

            @Test func timeAndTheBackgroundAreShown() async {
                await host.advance(by: .seconds(2))
                #expect(driver.text().contains("Open for 2 s"))
                feature.handle(.didEnterBackground)
                #expect(driver.text().contains("Open for 2 s, paused in the background"))
            }
        }

        """#
    }
}
