import TerminalUI
import TransactionsFeature

extension TransactionsFeature: TerminalFeature {
    /// Makes the scene and starts nothing: the host's session sends `.appear`, which starts the load.
    @MainActor
    public func makeScene() -> any TerminalScene { TransactionsTerminalScene(presenter: presenter) }
}
