import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import Foundation
import TerminalUI

/// One created plugin feature as the surfaces use it: its code runs in its library's `featurehost-plugin-host`;
/// the runtime's instance, with keys turned into terminal bytes and key hints decoded for the shell. While the
/// plugin is not running, `stop` says why and the scenes show it in the feature's panel.
@MainActor
package final class ProcessPluginInstance {
    package let remote: PluginProcessInstance

    init(_ remote: PluginProcessInstance) { self.remote = remote }

    package var file: URL { remote.file }
    /// Why the plugin is not running; nil while it is.
    package var stop: PluginStop? { remote.stop }
    /// Why the plugin was stopped, naming its file; nil while it runs.
    package var stopReason: String? { stop?.reason }
    package var hasWebView: Bool { remote.hasWebView }

    package func openWebScene() { remote.openWebScene() }
    package func renderedHTML() -> [UInt8]? { remote.renderHTML() }
    package func handlePageEvent(_ json: [UInt8]) -> Bool { remote.handlePageEvent(json) }
    package var frameRequests: Int { remote.frameRequests }

    package var minimumSize: Size {
        let size = remote.minimumSize
        return Size(width: Int(size.width), height: Int(size.height))
    }

    package var keyHints: [KeyHint] { keyHintsWire.keyHints }

    package var leavesEscapeToShell: Bool { keyHintsWire.leavesEscape }

    /// From the last status that carried them: no call.
    private var keyHintsWire: KeyHintsWire {
        let bytes = remote.keyHintBytes
        guard !bytes.isEmpty else { return KeyHintsWire(hints: []) }
        return KeyHintsWire.decode(bytes) ?? KeyHintsWire(hints: [])
    }

    /// No bytes while the plugin's first frame of this size is on its way (or when it draws nothing): a blank one.
    package func renderedBytes(size: Size) -> [UInt8]? {
        guard let bytes = remote.render(width: Int32(clamping: size.width), height: Int32(clamping: size.height)) else { return nil }
        return bytes.isEmpty ? FrameCodec.encode(Frame(size: size)) : bytes
    }

    /// The shell must know at once whether the plugin takes a key (Esc goes back when it does not). When the plugin
    /// cannot say in time, what it last declared does: Esc is the shell's when its screen leaves Esc to the shell, as
    /// the footer's `Esc back` says; every other key is the plugin's (the shell acts on no other key but q, which a
    /// text field types, and Esc always gets the user out).
    package func handle(_ key: Key) -> KeyHandling {
        let owner: PluginProcessInstance.KeyOwner = key == .escape && leavesEscapeToShell ? .shell : .plugin
        return remote.handleKey(key.terminalBytes, whenBusy: owner) ? .handled : .ignored
    }

    /// `.appear` is the table's `open_scene` (ABI version 1 has no lifecycle code for it).
    package func handle(_ event: LifecycleEvent) {
        switch event {
        case .appear: remote.openScene()
        case .didEnterBackground: remote.handleLifecycle(FEATUREHOST_LIFECYCLE_DID_ENTER_BACKGROUND)
        case .willEnterForeground: remote.handleLifecycle(FEATUREHOST_LIFECYCLE_WILL_ENTER_FOREGROUND)
        }
    }

    package func reformat(for conventions: FormatConventions) -> Bool { remote.reformat(for: conventions) }

    package func restart() -> Bool { remote.restart() }
}
