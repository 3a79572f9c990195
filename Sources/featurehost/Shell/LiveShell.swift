import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalUI

/// The interactive shell: terminal events in, at most one frame out per batch of events.
@MainActor
final class LiveShell {
    private let model: ShellModel
    private let terminal: LiveTerminal
    private var renderScheduled = false

    init(model: ShellModel, terminal: LiveTerminal) {
        self.model = model
        self.terminal = terminal
    }

    func run() async {
        // Presenter changes (timers, finished requests) ask for a frame; several in a row give one frame.
        model.onNeedsFrame = { [weak self] in self?.scheduleRender() }
        draw()
        for await event in terminal.events {
            switch event {
            case .key(let key): model.handle(key)
            case .resize: terminal.invalidate()
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
            case .terminate: return
            }
            if model.wantsToQuit { return }
            draw()
        }
    }

    private func scheduleRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            renderScheduled = false
            draw()
        }
    }

    private func draw() {
        terminal.draw(ShellScreen(model: model).render(size: terminal.size))
    }
}

/// `featurehost [run] [--config F] [--data-dir D] [--only ID] [--locale ID] [--hour-cycle 12|24] [--time-zone TZ]`.
enum RunCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        try arguments.check(allowed: Set(["config", "data-dir", "only", "plugin-isolation"]).union(LocaleFlags.names), command: "run")
        let live = try LiveEnvironment(arguments, command: "run")
        let (options, environment) = (live.options, live.environment)
        let only = arguments.value("only").map { FeatureID(rawValue: $0) }
        let session = try ShellAssembly.session(options: options, environment: environment, only: only)
        let colorMode = ColorMode.detect(environment: ProcessInfo.processInfo.environment)
        let pictureMode = PictureMode.detect(environment: ProcessInfo.processInfo.environment, colorMode: colorMode).mode
        let pictures = PictureStore(mode: pictureMode, images: environment.images, activity: environment.activity)
        try await LiveTerminal.run(colorMode: colorMode, pictures: pictureMode) { terminal in
            if let cell = terminal.cellPixels { pictures.cellPixels = cell }
            let model = ShellModel(session: session, only: only == nil ? nil : 0, surface: TerminalSurface(pictures: pictures))
            // A picture decoded off the main actor asks for a frame like any presenter change.
            pictures.onReady = { [weak model] in model?.onNeedsFrame() }
            let shell = LiveShell(model: model, terminal: terminal)
            await shell.run()
        }
        return 0
    }
}
