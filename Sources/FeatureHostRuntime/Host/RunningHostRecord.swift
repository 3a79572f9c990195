/// The file a running host keeps in `<data dir>/run/<pid>.host` (`RunningHosts`): its start time, its command
/// (`run`, `serve`) and its config's absolute path, or nothing for the built-in default, one to a line, the path
/// last so it is taken whole. Read back from a folder other programs may write, so the parse trusts nothing.
package struct RunningHostRecord: Sendable, Equatable {
    package var startTime: UInt64
    package var command: String
    /// Nil: the built-in default config.
    package var configPath: String?

    /// A command is a short word; anything else in that line means the file is not ours.
    package static let commandLimit = 32

    package var text: String { "\(startTime)\n\(command)\n\(configPath ?? "")\n" }

    package static func parse(_ text: String) -> RunningHostRecord? {
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, let startTime = UInt64(lines[0]) else { return nil }
        let command = String(lines[1])
        guard !command.isEmpty, command.count <= commandLimit,
            command.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        // The path line ends the file; it must be absolute (or empty) and hold no NUL or line break.
        guard lines[2].hasSuffix("\n") else { return nil }
        let path = String(lines[2].dropLast())
        guard path.isEmpty || path.hasPrefix("/"), !path.contains("\n"), !path.contains("\0") else { return nil }
        return RunningHostRecord(startTime: startTime, command: command, configPath: path.isEmpty ? nil : path)
    }
}
