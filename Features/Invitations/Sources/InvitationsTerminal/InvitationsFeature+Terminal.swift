import FeatureHostCore
import InvitationsFeature
import TerminalUI

extension InvitationsFeature: TerminalFeature {
    /// The scene only draws and maps keys; the presenter already exists and nothing starts here.
    @MainActor
    public func makeScene() -> any TerminalScene { InvitationsTerminalScene(presenter: presenter) }
}
