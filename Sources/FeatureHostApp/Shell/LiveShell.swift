import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalUI

/// What the live shell draws on and hears from: the live terminal, or a test's stand-in.
@MainActor
protocol ShellTerminal: AnyObject {
    var events: AsyncStream<TerminalEvent> { get }
    var size: Size { get }
    func draw(_ frame: Frame)
    /// The next frame is drawn whole: the screen may hold anything (a resize, a return from Ctrl-Z).
    func invalidate()
    /// The background event was applied: the process may stop now.
    func suspendApplied()
}

extension LiveTerminal: ShellTerminal {}

/// The interactive shell: terminal events in, frames out. Frames come from one `RenderLoop`: the shell's render
/// reads the model and the open scene (its presenter's view state), and the first change to any of it after a
/// frame schedules the next one for the next turn of the main actor. So a key is one frame however many things
/// it changes (the shell's screen, the scene's scroll, the presenter), a run of timers in one turn is one frame,
/// and a key that changes nothing is none. Only what Observation cannot see (a resize, a return from Ctrl-Z)
/// asks for a frame itself.
@MainActor
final class LiveShell {
    private let model: ShellModel
    private let terminal: any ShellTerminal

    init(model: ShellModel, terminal: any ShellTerminal) {
        self.model = model
        self.terminal = terminal
    }

    func run() async {
        let renders = RenderLoop { [model, terminal] in terminal.draw(ShellScreen(model: model).render(size: terminal.size)) }
        // Stopped before the terminal is restored: a frame scheduled by a last change must not be drawn after.
        defer { renders.stop() }
        model.windowSize = terminal.size
        renders.renderNow()
        for await event in terminal.events {
            switch event {
            case .key(let key): model.handle(key)
            case .resize:
                model.windowSize = terminal.size
                terminal.invalidate()
                renders.setNeedsRender()
            case .suspend:
                // Applied before the process stops: the terminal waits for this, so a countdown pauses
                // at Ctrl-Z rather than running on while stopped.
                model.broadcast(.didEnterBackground)
                terminal.suspendApplied()
            case .suspendUnavailable:
                // Nothing stopped and nothing went to the background: the screen stays, and says why.
                model.noteSuspendUnavailable()
            case .resume:
                model.broadcast(.willEnterForeground)
                terminal.invalidate()
                renders.setNeedsRender()
            case .reload: model.reloadRequested()
            case .terminate: return
            }
            if model.wantsToQuit { return }
        }
    }
}

/// `[run] [--config F] [--data-dir D] [--only ID] [--locale ID] [--hour-cycle 12|24] [--time-zone TZ]`.
enum RunCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments, app: FeatureHostApp) async throws -> Int32 {
        try arguments.check(
            allowed: Set(["config", "data-dir", "only"]).union(LocaleFlags.names), command: "run", app: app)
        try arguments.checkNoMoreWords(after: 1, command: "run", app: app)
        let live = try LiveEnvironment(arguments, command: "run", app: app)
        let (options, environment) = (live.options, live.environment)
        // Read after quitting, like the notice below; removed at a clean exit.
        let registration = HostRegistration.register(options, command: "run", commandName: app.commandName, report: standardError)
        defer { registration?.unregister() }
        let only = arguments.value("only").map { FeatureID(rawValue: $0) }
        let session = try ShellAssembly.session(options: options, environment: environment, only: only)
        let config = LiveConfig(live, arguments: arguments, app: app, only: only)
        // On the main screen, which the shell leaves as it found it: read after quitting.
        if let notice = ShellAssembly.unlistedNotice(options: options, only: only, command: app.commandName) { standardError(notice) }
        let colorMode = ColorMode.detect(environment: ProcessInfo.processInfo.environment)
        let pictureMode = PictureMode.detect(environment: ProcessInfo.processInfo.environment, colorMode: colorMode).mode
        let pictures = PictureStore(mode: pictureMode, images: environment.images, activity: environment.activity)
        try await LiveTerminal.run(colorMode: colorMode, pictures: pictureMode) { terminal in
            if let cell = terminal.cellPixels { pictures.cellPixels = cell }
            // A picture decoded off the main actor is a change the shell's render loop sees, like a presenter's.
            let model = ShellModel(
                session: session, only: only == nil ? nil : 0, surface: TerminalSurface(pictures: pictures), app: app.identity,
                windowSize: terminal.size)
            // The config's edits apply while the shell runs; without a watch (no inotify, an unreadable folder)
            // SIGHUP still reloads.
            let follower = ConfigFollower(command: app.commandName) { model.reloadRequested() }
            defer { follower.stop() }
            model.onReloadRequest = {
                ShellReload.apply(config.reload(), config: config, session: session, model: model)
                follower.follow(config.followedFiles).first.map(model.note)
            }
            follower.follow(config.followedFiles).first.map(model.note)
            let shell = LiveShell(model: model, terminal: terminal)
            await shell.run()
            // Before the terminal's teardown puts SIGHUP's default action back: a closed terminal sends a second
            // hang-up (the pane's shell passes its own on), which may end the process before the defer above runs.
            registration?.unregister()
        }
        return 0
    }
}

/// What a reload does to the shell: a good config is applied to the session and the screen follows it; a broken
/// one is shown in the banner while the last good one runs on.
@MainActor
enum ShellReload {
    static func apply(_ outcome: LiveConfig.Outcome, config: LiveConfig, session: HostSession, model: ShellModel) {
        switch outcome {
        case .broken:
            model.configProblems = config.problemLines
        case .unchanged:
            model.configProblems = []
        case .applied(let diff, let features):
            model.configProblems = []
            // What changed, in the footer until the next key (a note that the open feature was turned off stays).
            model.note(config.summary(of: outcome, naming: false))
            model.follow(session.apply(diff, features: features, launcher: config.launcher, extra: config.failureEntries))
            config.retireReplacedPlugins()
        }
    }
}
