import FeatureHostCore
import FeatureHostRuntime
import Observation
import TerminalUI

/// The shell's navigation and key routing, independent of any terminal: the home list, the open feature and
/// the footer. What runs and who hears lifecycle events is the session's. Both the live shell and `snapshot`
/// drive this. Observable: its screen, selection and footer note are what the shell's render reads besides the
/// open scene, so a key that changes them is a change the shell's render loop sees, like a presenter's.
@MainActor
@Observable
final class ShellModel {
    enum Screen: Equatable {
        case home
        case feature(Int)
    }

    let session: HostSession
    let entries: [ShellEntry]
    /// `--only`: the feature is the whole app, and closing it quits.
    let only: Int?
    /// What scenes are lent (pictures); plain for text snapshots.
    let surface: TerminalSurface
    /// Whose shell this is: its home screen says the app's name, its messages the app's command.
    let app: AppIdentity
    private(set) var screen: Screen = .home
    private(set) var selection = 0
    private(set) var wantsToQuit = false
    /// Shown in the footer instead of the keys until the next key: why Ctrl-Z did nothing.
    private(set) var footerNote: String?
    /// The window the shell draws in, when known (the live terminal, `snapshot`'s size): a scene that does not fit
    /// is not shown ("make the window at least…"), so its keys do nothing and it has not appeared yet. Nil draws
    /// nothing to check against (tests of navigation alone): every scene counts as shown.
    var windowSize: Size? {
        didSet { deliverPendingAppear() }
    }
    /// The open feature whose `appear` waits for its screen to be shown once (a window too small for it).
    @ObservationIgnored private var pendingAppear: Int?

    static func suspendUnavailableNote(_ app: AppIdentity) -> String {
        "Ctrl-Z: suspending is not available here (no shell could resume \(app.commandName))"
    }

    init(
        session: HostSession, only: Int? = nil, surface: TerminalSurface = .plain, app: AppIdentity = .featureHost,
        windowSize: Size? = nil
    ) {
        self.session = session
        self.app = app
        self.windowSize = windowSize
        entries = session.entries.map(ShellEntry.init)
        self.only = only
        self.surface = surface
        if let only { open(only) }
    }

    var openEntry: ShellEntry? {
        guard case .feature(let index) = screen else { return nil }
        return entries[index]
    }

    // MARK: - Input

    func handle(_ key: Key) {
        if footerNote != nil { footerNote = nil }
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
    }

    /// Ctrl-Z came where no shell could resume the process (`TerminalEvent.suspendUnavailable`): it runs on.
    func noteSuspendUnavailable() {
        footerNote = Self.suspendUnavailableNote(app)
    }

    /// SIGHUP (`TerminalEvent.reload`, or `featurehost reload`): read the config again.
    func reloadRequested() {}  // Wired to the live config by the lead engineer.

    /// Suspend (Ctrl-Z) and resume map to the same lifecycle events as focus.
    func broadcast(_ event: LifecycleEvent) {
        session.report(event)
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
        // A scene the window is too small for is not on the screen: its keys would act unseen (Enter opening a popup
        // behind "make the window at least…"), so only the shell's own keys work.
        if let scene = entry.scene, isShown(scene), scene.handle(key) == .handled { return }
        if key == .escape || key == .character("q") { close() }
    }

    /// Whether the scene is drawn in the window, rather than the "too small" message.
    func isShown(_ scene: any TerminalScene) -> Bool {
        guard let windowSize else { return true }
        return ShellScreen.showsScene(scene, in: windowSize)
    }

    /// `appear` once the open scene is on the screen: a countdown starts when its screen is displayed, not behind the
    /// "too small" message.
    private func deliverPendingAppear() {
        guard let index = pendingAppear, screen == .feature(index), let scene = entries[index].scene, isShown(scene) else { return }
        pendingAppear = nil
        session.appear(index)
    }

    private func open(_ index: Int) {
        guard entries.indices.contains(index) else { return }
        selection = index
        screen = .feature(index)
        if entries[index].openScene(surface: surface) != nil {
            pendingAppear = index
            deliverPendingAppear()
        }
    }

    private func close() {
        if only != nil {
            wantsToQuit = true
        } else {
            screen = .home
            pendingAppear = nil
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
            let scene = entries[index].scene
            // A scene the window is too small for takes no keys, so none of its own are offered.
            let own = scene.map { isShown($0) ? $0.keyHints : [] } ?? []
            // While a popup is open the scene takes Esc ("Enter/Esc close", or nothing while it sends); the
            // shell's meaning waits, so it is not listed.
            let escape = scene?.leavesEscapeToShell ?? true
            // Each action once: with `--only`, `Esc quit` already says how to quit.
            if escape, only != nil { return own + [KeyHint(key: "Esc", action: back)] }
            return own + (escape ? [KeyHint(key: "Esc", action: back)] : []) + [KeyHint(key: "Ctrl-C", action: "quit")]
        }
    }
}
