import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import Foundation
import TerminalUI

/// One created plugin feature as the surfaces use it (`ProcessPluginInstance`: its code runs in its library's
/// process). Bytes in and out; the scenes decode them. While the plugin is not running, `stop` says why and the
/// scenes show it in the feature's panel.
@MainActor
package protocol PluginInstance: AnyObject, Sendable {
    var file: URL { get }
    /// Why the plugin is not running; nil while it is.
    var stop: PluginStop? { get }
    var hasWebView: Bool { get }
    /// Makes the plugin's web scene; the later `appear` then makes no terminal scene.
    func openWebScene()
    /// The web scene's HTML as UTF-8; nil once the plugin is stopped.
    func renderedHTML() -> [UInt8]?
    /// One page event as JSON; true when the scene used it.
    func handlePageEvent(_ json: [UInt8]) -> Bool
    /// The plugin's frame requests (terminal or web), stops and restarts so far. Observable: a scene reads it in
    /// `render`, so each one is a change its surface's render loop draws.
    var frameRequests: Int { get }
    var minimumSize: Size { get }
    var keyHints: [KeyHint] { get }
    /// Whether the plugin's screen leaves Esc to the shell: what it said (`KeyHintsWire`), else whether no hint names Esc.
    var leavesEscapeToShell: Bool { get }
    /// The frame's bytes for `size`; nil once the plugin is stopped (maybe by this render).
    func renderedBytes(size: Size) -> [UInt8]?
    func handle(_ key: Key) -> KeyHandling
    func handle(_ event: LifecycleEvent)
    /// The user's conventions changed: true when the plugin formatted again in place, false when it must be made again.
    func reformat(for conventions: FormatConventions) -> Bool
    /// Brings a stopped plugin back (loads the library again in a new process); false when it could not.
    func restart() -> Bool
}

extension PluginInstance {
    /// Why the plugin was stopped, naming its file; nil while it runs.
    package var stopReason: String? { stop?.reason }
}

extension KeyHintsWire {
    var keyHints: [KeyHint] { hints.map { KeyHint(key: $0.key, action: $0.action) } }

    /// What the plugin said, else what its hints say, as `TerminalScene`'s default does.
    var leavesEscape: Bool { leavesEscapeToShell ?? !keyHints.contains { $0.names("Esc") } }
}
