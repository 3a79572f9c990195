/// The bundle's test targets: presenter tests without any surface, the scene's golden and key tests, and the fixtures
/// module they share.
extension Templates {
    static func fixtures(_ names: FeatureNames) -> String {
        #"""
        \#(imports("FeatureHostCore", "FeatureHostTesting", names.module))

        extension \#(names.module) {
            /// The feature as the host builds it for a config entry with its id (and this source, its default when
            /// nil, and these settings), on `host`'s context: what the bundle's three test targets drive.
            @MainActor
            package static func onTestHost(
                _ host: TestHost, source: SourceConfiguration? = nil, settings: [String: SettingValue] = [:]
            ) throws -> \#(names.module) {
                try \#(names.module)(context: host.context(for: \#(names.module).self, source: source, settings: settings))
            }
        }

        """#
    }

    static func presenterTests(_ names: FeatureNames) -> String {
        #"""
        \#(imports("FeatureHostCore", "FeatureHostTesting", "Testing", names.fixturesModule))

        @testable import \#(names.module)

        @Suite @MainActor struct \#(names.name)PresenterTests {
            typealias State = \#(names.name)ViewState
            let host: TestHost

            init() throws { host = try TestHost() }

            /// The feature as the host builds it for a config entry with its id (and these settings).
            func feature(settings: [String: SettingValue] = [:]) throws -> \#(names.module) {
                try \#(names.module).onTestHost(host, settings: settings)
            }

            /// Its presenter in a test store: each change is asserted whole, so is each timer that starts, and the
            /// test ends with nothing left running.
            func store(settings: [String: SettingValue] = [:]) throws -> PresenterTestStore<\#(names.name)Presenter> {
                PresenterTestStore(try feature(settings: settings).presenter, host: host)
            }

            @Test func eachActionGivesTheWholeNewState() async throws {
                let store = try store(settings: ["greeting": .string("Hello")])
                #expect(store.state == State(greeting: "Hello", presses: "Not pressed yet", openFor: "Open for 0 s", isPaused: false))
                store.send(.press) { $0.presses = "Pressed once" }
                store.send(.press) { $0.presses = "Pressed 2 times" }
                store.send(.lifecycle(.didEnterBackground)) { $0.isPaused = true }
                store.send(.lifecycle(.willEnterForeground)) { $0.isPaused = false }
                store.send(.lifecycle(.willEnterForeground))  // already in the foreground: no change, nothing counted
                await store.finish()
            }

            @Test func theTimerStartsOnAppearAndStopsInTheBackground() async throws {
                let store = try store()
                await store.advance(by: .seconds(5))  // nothing runs before the feature appears
                store.send(.lifecycle(.appear), starts: ["open-time"])  // the timer's id: each start is asserted
                await store.advance(by: .seconds(1)) { $0.openFor = "Open for 1 s" }
                await store.advance(by: .seconds(2))
                await store.receive(at: .seconds(7)) { $0.openFor = "Open for 2 s" }
                await store.receive(at: .seconds(8)) { $0.openFor = "Open for 3 s" }
                store.send(.lifecycle(.didEnterBackground)) { $0.isPaused = true }
                await store.advance(by: .seconds(10))  // no ticks in the background
                // The time open counts on in the background.
                store.send(.lifecycle(.willEnterForeground), starts: ["open-time"]) {
                    $0.isPaused = false
                    $0.openFor = "Open for 13 s"
                }
                await store.advance(by: .milliseconds(1500)) { $0.openFor = "Open for 14 s" }
                store.send(.lifecycle(.didEnterBackground)) { $0.isPaused = true }  // stops the timer
                await store.finish()
            }

            /// The next tick is the end of the second on screen, however late the timer asks for it: on a busy
            /// machine a late question finds it past and ticks at once, so no second is skipped.
            @Test func theNextTickIsTheEndOfTheSecondShown() throws {
                var model = \#(names.name)Model(greeting: try #require(Greeting("Hi")))
                #expect(model.nextTick == nil)
                model.appearedAt = .seconds(5)
                #expect(model.nextTick == .seconds(6))
                model.shownSeconds = 2  // what a tick that came late, at 7.9 s, shows
                #expect(model.nextTick == .seconds(8))
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
        \#(imports("FeatureHostCore", "FeatureHostTesting", "TerminalUI", "Testing", names.module, names.fixturesModule))

        @testable import \#(names.terminalModule)

        @Suite @MainActor struct \#(names.name)SceneTests {
            let host: TestHost
            let feature: \#(names.module)
            let driver: TextDriver

            /// The feature shown as the shell shows it: its scene made, then `.appear`.
            init() throws {
                host = try TestHost()
                feature = try \#(names.module).onTestHost(host)
                driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
                feature.handle(.appear)
            }

            @Test func theMainScreenMatchesItsGoldenFrame() async throws {
                await host.settle()
                try GoldenFile.check(driver.text(), named: "main-80x24.txt", in: GoldenFile.directory())
            }

            @Test func enterPressesAndOtherKeysAreLeftToTheShell() {
                let changes = feature.presenter.changeCount
                #expect(driver.press(.enter, .escape, .character("q")) == [.handled, .ignored, .ignored])
                #expect(driver.text().contains("[ Press ]  Pressed once"))
                #expect(feature.presenter.changeCount == changes + 1, "one change, for the press")
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
