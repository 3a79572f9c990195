import Foundation

/// Why a plugin is not running, as its panel says it on both surfaces.
public struct PluginStop: Sendable, Equatable {
    /// A sentence that names the library and what happened: "the plugin libX.so stopped: it crashed with SIGILL
    /// (…) while handling a key."
    public var reason: String
    /// The runtime's own line about a trap ("… Fatal error: … file:line"), when the plugin's process wrote one.
    public var fatalLine: String?
    /// The last lines the plugin's process wrote, oldest first (its log has everything).
    public var lastLines: [String]
    public var logFile: URL?
    /// The plugin's process ended: what it held in memory is gone (what it saved to disk is not).
    public var lostState: Bool
    /// A restart (r in the shell, the Restart button on the web) can bring it back.
    public var canRestart: Bool
    /// It stopped so often lately that a new page of it no longer restarts it by itself.
    public var crashesLately: Int?

    public init(
        reason: String, fatalLine: String? = nil, lastLines: [String] = [], logFile: URL? = nil, lostState: Bool = false,
        canRestart: Bool = false, crashesLately: Int? = nil
    ) {
        self.reason = reason
        self.fatalLine = fatalLine
        self.lastLines = lastLines
        self.logFile = logFile
        self.lostState = lostState
        self.canRestart = canRestart
        self.crashesLately = crashesLately
    }

    /// The panel's text, first letter capitalised, without a surface's words for the restart action.
    public var message: String {
        var text = reason
        if let fatalLine { text += " Its last words: “\(fatalLine)”." }
        if lostState { text += " Its in-memory state was lost; what it saved to disk is kept." }
        if let crashesLately {
            text += " It stopped \(crashesLately) times within a few minutes, so the host no longer restarts it by itself: fix it first."
        }
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
