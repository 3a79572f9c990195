import FeatureHostCore
import TerminalUI
import Testing

/// A counter with two buttons, written the way a feature would: presenter, view state, scene.
@MainActor
final class CounterPresenter: Presenter {
    enum Action: PresenterAction {
        case increment, reset
        case lifecycle(LifecycleEvent)
    }

    struct ViewState: Equatable {
        var count = 0
        var isConfirmingReset = false
        var isInBackground = false
    }

    private(set) var viewState = ViewState() {
        didSet { observers.publish(viewState, old: oldValue) }
    }
    private let observers = StateObservers<ViewState>()

    func send(_ action: Action) {
        switch action {
        case .increment: viewState.count += 1
        case .reset: viewState.count = 0
        case .lifecycle(.didEnterBackground): viewState.isInBackground = true
        case .lifecycle(.willEnterForeground): viewState.isInBackground = false
        case .lifecycle(.appear): break
        }
    }

    func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }
}

@MainActor
final class CounterScene: TerminalScene {
    enum Control: Hashable { case increment, reset }

    let presenter = CounterPresenter()
    private var focus = FocusRing<Control>([.increment, .reset])
    private var isConfirmingReset = false
    private var onChange: (@MainActor () -> Void)?

    var minimumSize: Size { Size(width: 24, height: 5) }

    var keyHints: [KeyHint] {
        isConfirmingReset
            ? [KeyHint(key: "Enter", action: "confirm"), KeyHint(key: "Esc", action: "cancel")]
            : [KeyHint(key: "Tab", action: "next"), KeyHint(key: "Enter", action: "activate")]
    }

    func render(size: Size) -> Frame {
        guard size.fits(minimumSize) else { return .tooSmall(size: size, minimum: minimumSize) }
        var frame = Frame(size: size)
        let state = presenter.viewState
        frame.drawBox(frame.bounds, lineStyle: .rounded, title: "Counter")
        frame.put("Count: \(state.count)\(state.isInBackground ? " (paused)" : "")", at: Point(x: 2, y: 1))
        let plus = frame.drawButton("+1", at: Point(x: 2, y: 3), focused: focus.isFocused(.increment))
        frame.drawButton("Reset", at: Point(x: plus.maxX + 1, y: 3), focused: focus.isFocused(.reset))
        if isConfirmingReset {
            let inside = frame.drawPopup(size: Size(width: 16, height: 3))
            frame.put("Reset to 0?", in: inside, alignment: .center)
        }
        return frame
    }

    func handle(_ key: Key) -> KeyHandling {
        if isConfirmingReset {
            switch key {
            case .enter: presenter.send(.reset)
            case .escape: break
            default: return .handled
            }
            isConfirmingReset = false
            onChange?()
            return .handled
        }
        switch key {
        case .enter:
            if focus.focused == .increment {
                presenter.send(.increment)
            } else {
                isConfirmingReset = true
                onChange?()
            }
            return .handled
        default:
            let handling = focus.handle(key)
            if handling == .handled { onChange?() }
            return handling
        }
    }

    func handle(_ event: LifecycleEvent) { presenter.send(lifecycle: event) }

    func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
        self.onChange = onChange
        return presenter.observe { _ in onChange() }
    }
}

@MainActor
@Suite struct TextDriverTests {
    @Test func rendersTheSceneAsText() {
        let driver = TextDriver(scene: CounterScene(), size: Size(width: 24, height: 5))
        #expect(
            driver.text() == """
                ╭ Counter ─────────────╮
                │ Count: 0             │
                │                      │
                │ [ +1 ] [ Reset ]     │
                ╰──────────────────────╯
                """)
    }

    @Test func keysDriveThePresenter() {
        let scene = CounterScene()
        let driver = TextDriver(scene: scene, size: Size(width: 24, height: 5))
        #expect(driver.press(.enter, .enter) == [.handled, .handled])
        #expect(driver.text().contains("Count: 2"))
        #expect(driver.changeCount == 2)
        #expect(driver.press(.character("q")) == [.ignored], "unhandled keys go back to the shell")
    }

    @Test func aPopupConfirmsAndEscCloses() {
        let scene = CounterScene()
        let driver = TextDriver(scene: scene, size: Size(width: 24, height: 5))
        driver.input(KeyParser.decodeEscapes(#"\r\r\r\t\r"#))
        #expect(scene.keyHints.first == KeyHint(key: "Enter", action: "confirm"))
        #expect(
            driver.text() == """
                ╭ Counter ─────────────╮
                │ Co╭──────────────╮   │
                │   │ Reset to 0?  │   │
                │ [ ╰──────────────╯   │
                ╰──────────────────────╯
                """)
        driver.input(KeyParser.decodeEscapes(#"\e"#))
        #expect(driver.text().contains("Count: 3"))
        driver.input(KeyParser.decodeEscapes(#"\r\r"#))
        #expect(driver.text().contains("Count: 0"))
    }

    @Test func lifecycleEventsReachThePresenter() {
        let scene = CounterScene()
        let driver = TextDriver(scene: scene, size: Size(width: 24, height: 5))
        scene.presenter.send(.lifecycle(.didEnterBackground))
        #expect(driver.text().contains("Count: 0 (paused)"))
        scene.presenter.send(.lifecycle(.willEnterForeground))
        #expect(!driver.text().contains("paused"))
    }

    @Test func aSmallWindowShowsTheSizeMessage() {
        let driver = TextDriver(scene: CounterScene(), size: Size(width: 60, height: 4))
        #expect(driver.text().contains("Make the window at least 24×5 (now 60×4)."))
        driver.size = Size(width: 30, height: 6)
        #expect(driver.text().contains("Count: 0"))
    }
}
