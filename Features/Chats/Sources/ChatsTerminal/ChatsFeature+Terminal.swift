import ChatsFeature
import FeatureHostCore
import TerminalUI

extension ChatsFeature: TerminalFeature {
    /// The scene over the feature's presenter; it starts nothing (the host's `.appear` does).
    @MainActor
    public func makeScene() -> any TerminalScene { ChatsScene(presenter: presenter) }
}
