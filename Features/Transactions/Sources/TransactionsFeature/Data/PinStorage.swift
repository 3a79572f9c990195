/// Where the pins are kept between runs: the feature's small client for the one thing it writes.
///
/// Every transaction starts pinned, so only the ids of unpinned ones are kept: a transaction that appears
/// later is pinned, and ids absent from the current data are kept, so switching sources does not forget them.
/// `LivePinStorage` keeps them in the context's key-value store; `InMemoryPinStorage` in memory.
public protocol PinStorage: Sendable {
    /// The saved unpinned ids; throws a `FeatureError` saying what could not be read.
    func unpinnedIDs() throws -> Set<Int>
    /// Replaces the saved ids (called on every pin change). A store that refuses the write must not stop the UI.
    func save(unpinnedIDs: Set<Int>)
}
