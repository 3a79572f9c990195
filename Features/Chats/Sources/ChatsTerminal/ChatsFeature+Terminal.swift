import ChatsFeature
import FeatureHostCore
import TerminalUI

extension ChatsFeature: TerminalFeature {
    /// The scene over the feature's presenter; it starts nothing (the host's `.appear` does).
    @MainActor
    public func makeScene() -> any TerminalScene { ChatsTerminalScene(presenter: presenter) }

    /// With the shell's pictures, a loaded avatar is drawn as the picture in its circle.
    @MainActor
    public func makeScene(surface: TerminalSurface) -> any TerminalScene {
        ChatsTerminalScene(presenter: presenter, pictures: surface.pictures)
    }
}
