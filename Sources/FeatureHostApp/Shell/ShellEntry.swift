import FeatureHostCore
import FeatureHostRuntime
import TerminalPluginBridge
import TerminalUI

/// One feature of the session as the shell shows it: its scene, made the first time it is opened.
@MainActor
final class ShellEntry {
    let entry: HostSession.Entry
    private(set) var scene: (any TerminalScene)?

    init(_ entry: HostSession.Entry) { self.entry = entry }

    var manifest: FeatureManifest { entry.manifest }

    /// Why the feature cannot be shown: it failed to start, or it has no terminal screen.
    var failure: String? {
        if let failure = entry.failure { return failure }
        if entry.feature is any TerminalFeature { return nil }
        if let plugin = entry.feature as? WebOnlyPluginFeature { return plugin.noTerminalScreenMessage }
        return "\(manifest.title) has no terminal screen."
    }

    /// The scene, made on first use with what the shell lends it. The shell's render loop sees its changes: the
    /// render that draws it reads its presenter's view state.
    func openScene(surface: TerminalSurface = .plain) -> (any TerminalScene)? {
        if let scene { return scene }
        guard let feature = entry.feature as? any TerminalFeature else { return nil }
        let scene = feature.makeScene(surface: surface)
        self.scene = scene
        return scene
    }
}
