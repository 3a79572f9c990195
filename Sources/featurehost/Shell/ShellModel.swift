import FeatureHostCore
import FeatureHostRuntime
import TerminalUI

/// The shell's navigation and key routing, independent of any terminal: the home list, the open feature,
/// the footer, and lifecycle fan-out. Both the live shell and `snapshot` drive this.
@MainActor
final class ShellModel {
    enum Screen: Equatable {
        case home
        case feature(Int)
    }

    let entries: [ShellEntry]
    /// `--only`: the feature is the whole app, and closing it quits.
    let only: Int?
    private(set) var screen: Screen = .home
    private(set) var selection = 0
    private(set) var wantsToQuit = false
    /// Every opened scene is registered here, so lifecycle events reach it once each.
    private let lifecycle = LifecycleFanOut()
    private var lifecycleRegistrations: [StateObservation] = []
    /// Called when something on screen changed and a frame should be drawn.
    var onNeedsFrame: @MainActor () -> Void = {}

    init(entries: [ShellEntry], only: Int? = nil) {
        self.entries = entries
        self.only = only
        if let only { open(only) }
    }

    var openEntry: ShellEntry? {
        guard case .feature(let index) = screen else { return nil }
        return entries[index]
    }

    // MARK: - Input

    func handle(_ key: Key) {
        switch key {
        case .ctrlC:
            wantsToQuit = true
        case .focusOut:
            broadcast(.didEnterBackground)
        case .focusIn:
            broadcast(.willEnterForeground)
        default:
            switch screen {
            case .home: handleHome(key)
            case .feature(let index): handleFeature(key, entry: entries[index])
            }
        }
        onNeedsFrame()
    }

    /// Suspend (Ctrl-Z) and resume map to the same lifecycle events as focus.
    func broadcast(_ event: LifecycleEvent) {
        guard event != lifecycle.state else { return }
        lifecycle.broadcast(event)
        onNeedsFrame()
    }

    private func handleHome(_ key: Key) {
        guard !entries.isEmpty else {
            if key == .character("q") || key == .escape { wantsToQuit = true }
            return
        }
        switch key {
        case .down, .tab: selection = (selection + 1) % entries.count
        case .up, .backTab: selection = (selection + entries.count - 1) % entries.count
        case .home: selection = 0
        case .end: selection = entries.count - 1
        case .enter: open(selection)
        case .character("q"): wantsToQuit = true
        default: break
        }
    }

    private func handleFeature(_ key: Key, entry: ShellEntry) {
        if let scene = entry.runningScene, scene.handle(key) == .handled { return }
        if key == .escape || key == .character("q") { close() }
    }

    private func open(_ index: Int) {
        guard entries.indices.contains(index) else { return }
        selection = index
        screen = .feature(index)
        let isNew = entries[index].runningScene == nil
        if let scene = entries[index].openScene(onChange: { [weak self] in self?.onNeedsFrame() }), isNew {
            lifecycleRegistrations.append(lifecycle.register { scene.handle($0) })
        }
    }

    private func close() {
        if only != nil {
            wantsToQuit = true
        } else {
            screen = .home
        }
    }

    // MARK: - Footer

    /// The keys of the current screen, as the footer shows them.
    var keyHints: [KeyHint] {
        switch screen {
        case .home:
            return [KeyHint(key: "↑/↓", action: "choose"), KeyHint(key: "Enter", action: "open"), KeyHint(key: "q", action: "quit")]
        case .feature(let index):
            let back = only == nil ? "back" : "quit"
            let own = entries[index].runningScene?.keyHints ?? []
            // While a popup is open the scene lists Esc itself ("Esc close"); the shell's meaning waits.
            let shell = own.contains { $0.key == "Esc" } ? [] : [KeyHint(key: "Esc", action: back)]
            return own + shell + [KeyHint(key: "Ctrl-C", action: "quit")]
        }
    }
}
