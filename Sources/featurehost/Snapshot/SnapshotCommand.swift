import DataSources
import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalUI

/// `featurehost snapshot ID`: runs one feature headless on a virtual clock, applies the input and advance
/// steps in order, waits for requests and loads, and prints the final frame as plain text.
enum SnapshotCommand {
    /// How long, in real time, to wait for requests in flight after each step.
    static let idleTimeout: Double = 30

    @MainActor
    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        let snapshot = try SnapshotOptions(arguments, decodeInput: KeyParser.decodeEscapes)
        let options = try HostOptions(arguments: arguments)
        let text = try await render(snapshot, options: options)
        print(text)
        return 0
    }

    @MainActor
    static func render(_ snapshot: SnapshotOptions, options: HostOptions) async throws -> String {
        let clock = ManualClock()
        let start = snapshot.now ?? Date()
        let preference = LocaleFlags.preference(snapshot.localeFlags, options: options)
        let environment = HostEnvironment(
            clock: clock, now: clock.wallClock(startingAt: start),
            transport: HostEnvironment.liveTransport(dataDirectory: options.dataDirectory), dataDirectory: options.dataDirectory,
            locale: preference.locale, timeZone: preference.timeZone, hourCycle: preference.hourCycle)
        let session = try ShellAssembly.session(options: options, environment: environment, only: snapshot.id)
        let model = ShellModel(session: session, only: 0)
        let activity = environment.activity
        await IdleWaiter.wait(for: activity, timeout: idleTimeout)
        var parser = KeyParser()
        for step in snapshot.steps {
            switch step {
            case .input(let bytes):
                // One --input is one read: a trailing lone Esc is a key press, not the start of a sequence.
                for key in parser.feed(bytes) + parser.flushPendingEscape() { model.handle(key) }
            case .advance(let duration):
                await clock.advance(by: duration)
            }
            await IdleWaiter.wait(for: activity, timeout: idleTimeout)
        }
        let size = Size(width: snapshot.width, height: snapshot.height)
        return ShellScreen(model: model).render(size: size).plainText()
    }
}
