import DataSources
import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalPluginBridge
import TerminalUI

/// `snapshot ID`: runs one feature headless on a virtual clock, applies the input and advance
/// steps in order, waits for requests and loads, and prints the final frame as plain text. It drives the shell's
/// model and render loop as the live shell does, drawing after each step what changed (scenes note the size they
/// were drawn at and page and scroll by it), and works on a throwaway copy of the data directory unless `--save`
/// is given.
enum SnapshotCommand {
    struct Result {
        var text: String
        /// Why the feature could not be shown: it failed to start, or has no terminal screen.
        var failure: String?
        /// The feature's title.
        var title: String?
        /// Why the feature's plugin stopped while it ran (a crash, a hang, too much output).
        var stopped: String?
    }

    /// How long, in real time, to wait for requests in flight after each step.
    static let idleTimeout: Double = 30

    @MainActor
    static func run(_ arguments: CommandLineArguments, app: FeatureHostApp) async throws -> Int32 {
        let snapshot = try SnapshotOptions(arguments, app: app, decodeInput: KeyParser.decodeEscapes)
        let data = try ThrowawayDataDirectory(
            copying: HostOptions.dataDirectory(for: arguments, app: app.identity), for: snapshot.id, save: snapshot.save)
        defer { data.remove() }
        // The plugins' logs only when the data is kept: a throwaway copy is deleted at the end.
        let options = try HostOptions(arguments: arguments, app: app, dataDirectory: data.url, writesLogs: snapshot.save)
        if let notice = ShellAssembly.unlistedNotice(options: options, only: snapshot.id, command: "\(app.commandName): snapshot") {
            standardError(notice)
        }
        let result = try await render(snapshot, options: options, app: app.identity)
        print(data.naming(result.text))
        if let stopped = result.stopped {
            standardError("\(app.commandName): snapshot: \(snapshot.id) was stopped during the run: \(data.naming(stopped))")
            return 1
        }
        guard let failure = result.failure else { return 0 }
        // The panel's message may already say "<Title> could not start: "; once is enough.
        let reason = result.title.map { failure.replacingOccurrences(of: "\($0) could not start: ", with: "") } ?? failure
        standardError("\(app.commandName): snapshot: \(snapshot.id) could not start: \(data.naming(reason))")
        return 1
    }

    @MainActor
    static func render(_ snapshot: SnapshotOptions, options: HostOptions, app: AppIdentity = .featureHost) async throws -> Result {
        let clock = ManualClock()
        let start = snapshot.now ?? Date()
        let preference = LocaleFlags.preference(snapshot.localeFlags, options: options)
        let environment = HostEnvironment(
            clock: clock, now: clock.wallClock(startingAt: start),
            transport: HostEnvironment.liveTransport(dataDirectory: options.dataDirectory), dataDirectory: options.dataDirectory,
            locale: preference.locale, timeZone: preference.timeZone, hourCycle: preference.hourCycle)
        let session = try ShellAssembly.session(options: options, environment: environment, only: snapshot.id)
        // With --color, pictures as the live shell draws them in that many colours; else their placeholders.
        let pictures = snapshot.color.map {
            PictureStore(mode: .halfBlocks($0), images: environment.images, activity: environment.activity)
        }
        let size = Size(width: snapshot.width, height: snapshot.height)
        let model = ShellModel(session: session, only: 0, surface: TerminalSurface(pictures: pictures), app: app, windowSize: size)
        let activity = environment.activity
        // The live shell's render loop, at the snapshot's size: it draws when what the last frame read changed. The
        // live shell draws on the next turn of the main actor; here each step ends by waiting for requests and loads
        // and then drawing what changed, so the frame printed is the one the live shell would show.
        var text = ""
        let renders = RenderLoop {
            let frame = ShellScreen(model: model).render(size: size)
            text = snapshot.color.map { FrameRenderer(colorMode: $0).lines(frame).joined(separator: "\n") } ?? frame.plainText()
        }
        defer { renders.stop() }
        // A frame that asked for pictures is drawn again once they are decoded (a decode's end is a change the
        // loop sees); a few rounds, as new ones may come into view.
        func draw() async {
            await IdleWaiter.wait(for: activity, timeout: idleTimeout)
            renders.renderIfStale()
            for _ in 0..<8 where (pictures?.pendingDecodes ?? 0) > 0 {
                await IdleWaiter.wait(for: activity, timeout: idleTimeout)
                renders.renderIfStale()
            }
        }
        await IdleWaiter.wait(for: activity, timeout: idleTimeout)
        renders.renderNow()
        await draw()
        var parser = KeyParser()
        for step in snapshot.steps {
            switch step {
            case .input(let bytes):
                // One --input is one read: a trailing lone Esc is a key press, not the start of a sequence.
                for key in parser.feed(bytes) + parser.flushPendingEscape() { model.handle(key) }
            case .advance(let duration):
                await clock.advance(by: duration)
            }
            await draw()
        }
        let feature = model.entries.first?.entry.feature
        let plugin = (feature as? DynamicFeature)?.instance ?? (feature as? WebOnlyPluginFeature)?.instance
        return Result(
            text: text, failure: model.entries.first?.failure, title: model.entries.first?.manifest.title,
            stopped: plugin?.stop?.message)
    }
}
