import CarNewsFeature
import TerminalUI

extension CarNewsFeature: TerminalFeature {
    /// The scene draws the presenter's state; the host's `.appear` starts the loading, not this.
    @MainActor
    public func makeScene() -> any TerminalScene { CarNewsTerminalScene(presenter: presenter) }

    /// With the shell's pictures, the articles' photos are drawn (the title over each).
    @MainActor
    public func makeScene(surface: TerminalSurface) -> any TerminalScene {
        CarNewsTerminalScene(presenter: presenter, pictures: surface.pictures)
    }
}
