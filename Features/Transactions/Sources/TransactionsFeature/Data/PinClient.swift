/// Where the pins are kept between runs: the feature's small client for the one thing it writes. Every call may
/// block on a file, so the presenter reaches it only from effects, off the main actor.
///
/// Every transaction starts pinned, so only the ids of unpinned ones are kept: a transaction that appears
/// later is pinned, and ids absent from the current data are kept, so switching sources does not forget them.
/// `LivePinClient` keeps them in the context's key-value store; `InMemoryPinClient` in memory.
public protocol PinClient: Sendable {
    /// The saved unpinned ids; throws a `FeatureError` saying what could not be read.
    func unpinnedIDs() async throws -> Set<Int>
    /// Applies `changes` (transaction id → pinned) to the ids saved now, not to those read earlier (another
    /// session over the same data directory may have saved since), saves the result and returns it: what is kept.
    /// Throws a `FeatureError` naming the file and the reason when the change was not kept.
    func save(_ changes: [Int: Bool]) async throws -> Set<Int>
    /// Calls `onChange` on the main actor, for as long as `owner` lives, when the saved pins were changed by
    /// someone else: another page or the shell of this run at once, another process once the host looks. The
    /// owner then reads them again (`unpinnedIDs`). A storage that cannot tell whose save it was reports them all.
    func observeChanges<Owner: AnyObject & Sendable>(_ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void)
}

extension Set<Int> {
    /// These unpinned ids with `changes` (transaction id → pinned) applied.
    func applying(pinChanges changes: [Int: Bool]) -> Set<Int> {
        var ids = self
        for (id, pinned) in changes {
            if pinned { ids.remove(id) } else { ids.insert(id) }
        }
        return ids
    }
}
