import FeatureHostPluginWire
import TerminalUI

extension KeyHintsWire {
    var keyHints: [KeyHint] { hints.map { KeyHint(key: $0.key, action: $0.action) } }

    /// What the plugin said, else what its hints say, as `TerminalScene`'s default does.
    var leavesEscape: Bool { leavesEscapeToShell ?? !keyHints.contains { $0.names("Esc") } }
}
