import FeatureHostCore
import FeatureHostRuntime
import TerminalUI

/// One enabled feature in the shell: its manifest, and either its running scene or why it could not start.
@MainActor
final class ShellEntry {
    enum State {
        /// Built, scene not made yet (it is made when the feature is first opened, which is when its screen
        /// is first displayed).
        case ready(any TerminalFeature)
        case open(any TerminalScene)
        case failed(String)
    }

    let manifest: FeatureManifest
    private(set) var state: State
    private var observation: StateObservation?

    init(manifest: FeatureManifest, state: State) {
        self.manifest = manifest
        self.state = state
    }

    /// Builds the entry from a launch outcome; a feature without a terminal surface is an error entry.
    convenience init(_ launched: FeatureLauncher.Launched) {
        let manifest = launched.resolved.manifest
        switch launched.outcome {
        case .running(let feature as any TerminalFeature):
            self.init(manifest: manifest, state: .ready(feature))
        case .running:
            self.init(manifest: manifest, state: .failed("\(manifest.title) has no terminal screen."))
        case .failed(let message):
            self.init(manifest: manifest, state: .failed(message))
        }
    }

    var failure: String? {
        if case .failed(let message) = state { return message }
        return nil
    }

    /// The scene, made on first use; `onChange` is called whenever it needs a new frame.
    func openScene(onChange: @escaping @MainActor () -> Void) -> (any TerminalScene)? {
        switch state {
        case .open(let scene):
            return scene
        case .ready(let feature):
            let scene = feature.makeScene()
            observation = scene.observe(onChange)
            state = .open(scene)
            return scene
        case .failed:
            return nil
        }
    }

    /// The scene if it has been made: only those receive lifecycle events.
    var runningScene: (any TerminalScene)? {
        if case .open(let scene) = state { return scene }
        return nil
    }
}
