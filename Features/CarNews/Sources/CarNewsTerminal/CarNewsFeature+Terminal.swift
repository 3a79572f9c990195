import CarNewsFeature
import TerminalUI

extension CarNewsFeature: TerminalFeature {
    /// The scene draws the presenter's state; the host's `.appear` starts the loading, not this.
    @MainActor
    public func makeScene() -> any TerminalScene { CarNewsScene(presenter: presenter) }
}
