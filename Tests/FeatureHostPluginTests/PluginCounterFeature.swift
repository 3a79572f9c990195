import FeatureHostCore
import Foundation
import TerminalUI

/// The feature the in-process tests export through the plugin kit: a seconds counter on its own clock, the
/// wall-clock time, a key, lifecycle, an optional request, and a setting that makes it fail to start.
@MainActor
final class CounterPresenter: Presenter {
    enum Action: PresenterAction {
        case tick
        case press
        case fetched(String)
        case lifecycle(LifecycleEvent)
    }

    struct ViewState: Equatable {
        var seconds = 0
        var presses = 0
        var paused = false
        var clock = ""
        var fetched = "-"
    }

    private(set) var viewState = ViewState() {
        didSet { observers.publish(viewState, old: oldValue) }
    }
    private let observers = StateObservers<ViewState>()
    private let context: FeatureContext
    private let timeline: MonotonicTimeline
    private let formatter: DateFormatter
    private var timer: Task<Void, Never>?

    init(context: FeatureContext) {
        self.context = context
        timeline = context.makeTimeline()
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = context.timeZone
        formatter.dateFormat = context.hourCycle == .twelveHour ? "hh:mm:ss a" : "HH:mm:ss"
        viewState.clock = formatter.string(from: context.now())
    }

    /// What to fetch when the feature appears.
    var url: URL?

    func start(fetching url: URL?) {
        timer = Task { @MainActor [weak self, timeline] in
            var next = Duration.seconds(1)
            while !Task.isCancelled {
                do { try await timeline.sleep(until: next) } catch { return }
                self?.send(.tick)
                next += .seconds(1)
            }
        }
        guard let url else { return }
        let transport = context.transport
        Task { @MainActor [weak self] in
            let reply = try? await transport.send(HTTPRequest(url: url))
            self?.send(.fetched(reply.map { String(decoding: $0.body, as: UTF8.self) } ?? "failed"))
        }
    }

    func send(_ action: Action) {
        switch action {
        case .tick where !viewState.paused:
            var state = viewState
            state.seconds = Int(timeline.now.seconds)
            state.clock = formatter.string(from: context.now())
            viewState = state
        case .tick: break
        case .press: viewState.presses += 1
        case .fetched(let text): viewState.fetched = text
        case .lifecycle(.appear): start(fetching: url)
        case .lifecycle(let event): viewState.paused = event == .didEnterBackground
        }
    }

    func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation { observers.add(onChange) }

    deinit { timer?.cancel() }
}

@MainActor
final class CounterScene: TerminalScene {
    let presenter: CounterPresenter
    init(presenter: CounterPresenter) { self.presenter = presenter }

    var minimumSize: Size { Size(width: 30, height: 6) }
    var keyHints: [KeyHint] { [KeyHint(key: "Enter", action: "press")] }

    func render(size: Size) -> Frame {
        var frame = Frame(size: size)
        let state = presenter.viewState
        frame.put("Seconds: \(state.seconds)\(state.paused ? " (paused)" : "")", at: Point(x: 1, y: 0), style: Style(foreground: .green, bold: true))
        frame.put("Clock: \(state.clock)", at: Point(x: 1, y: 1))
        frame.drawButton("Press", at: Point(x: 1, y: 3), focused: true)
        frame.put("Presses: \(state.presses) 界", at: Point(x: 12, y: 3))
        frame.put("Fetched: \(state.fetched)", at: Point(x: 1, y: 5), style: Style(dim: true))
        return frame
    }

    func handle(_ key: Key) -> KeyHandling {
        guard key == .enter else { return .ignored }
        presenter.send(.press)
        return .handled
    }

    func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation { presenter.observe { _ in onChange() } }
}

struct PluginCounterFeature: TerminalFeature, PresenterFeature {
    static let manifest = FeatureManifest(
        id: "plugin-counter", title: "Plugin counter", summary: "Counts seconds across the plugin boundary.",
        acceptedSources: [.http, .inMemory], defaultSource: SourceConfiguration(kind: .inMemory), settingsKeys: ["fail", "url"])

    let presenter: CounterPresenter
    let url: URL?

    @MainActor init(context: FeatureContext) throws {
        if try context.settings.bool("fail", default: false) { throw FeatureError("the counter was told to fail") }
        url = try URL(string: context.settings.string("url", default: ""))
        presenter = CounterPresenter(context: context)
        presenter.url = url
    }

    @MainActor func makeScene() -> any TerminalScene { CounterScene(presenter: presenter) }
}
