import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalUI

/// `snapshot ID` options, with every bad value reported as a clear message.
struct SnapshotOptions {
    enum Step: Equatable {
        /// Raw terminal input, escapes already decoded.
        case input([UInt8])
        case advance(Duration)
    }

    var id: FeatureID
    var width = 80
    var height = 24
    var now: Date?
    /// `--locale`, `--hour-cycle`, `--time-zone`; resolved with the environment and config like the shell.
    var localeFlags = LocalePreference.Flags()
    var steps: [Step] = []
    /// `--save`: write saved state (databases, pins, preferences) back to the data directory; without it the
    /// snapshot runs on a throwaway copy.
    var save = false
    /// `--color truecolor|256`: print the frame with its colours (SGR escapes) and draw pictures as half blocks in
    /// those colours; without it, plain text and pictures as their placeholders.
    var color: ColorMode?

    static let allowedOptions: Set<String> = [
        "config", "data-dir", "size", "now", "locale", "hour-cycle", "time-zone", "input", "advance", "save", "color",
    ]

    init(_ arguments: CommandLineArguments, app: FeatureHostApp, decodeInput: (String) -> [UInt8]) throws {
        try arguments.check(allowed: Self.allowedOptions, command: "snapshot", app: app)
        let words = arguments.positionals.dropFirst()
        guard let id = words.first else { throw UsageError("snapshot: name the feature, e.g. `\(app.commandName) snapshot chats`.") }
        guard words.count == 1 else { throw UsageError("snapshot: one feature id, found \(words.joined(separator: " ")).") }
        self.id = FeatureID(id)
        save = arguments.has("save")
        if arguments.value("save") != nil {
            throw UsageError("snapshot: --save takes no value.")
        }
        if let size = arguments.value("size") {
            let parts = size.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...1000).contains(width),
                (1...1000).contains(height)
            else { throw UsageError("snapshot: --size \(size) is not WIDTHxHEIGHT (e.g. 80x24, at most 1000x1000).") }
            self.width = width
            self.height = height
        }
        if let text = arguments.value("now") {
            guard let date = Self.parseDate(text) else {
                throw UsageError("snapshot: --now \(text) is not an ISO 8601 date-time (e.g. 2026-03-16T12:34:00Z).")
            }
            now = date
        }
        if let text = arguments.value("color") {
            switch text.lowercased() {
            case "truecolor", "24bit": color = .trueColor
            case "256": color = .ansi256
            default: throw UsageError("snapshot: --color \(text) is not truecolor or 256.")
            }
        }
        localeFlags = try LocaleFlags.parse(arguments, command: "snapshot")
        for item in arguments.items {
            guard case .option(let name, let value) = item, let value else { continue }
            switch name {
            case "input":
                steps.append(.input(decodeInput(value)))
            case "advance":
                guard let seconds = Double(value), seconds >= 0, seconds.isFinite, seconds <= 10 * 365 * 86400 else {
                    throw UsageError("snapshot: --advance \(value) is not a number of seconds (0 or more).")
                }
                steps.append(.advance(.milliseconds(Int64((seconds * 1000).rounded()))))
            default:
                continue
            }
        }
    }

    private static func parseDate(_ text: String) -> Date? {
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
        ] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
