import Observation

/// A count whose every change the surfaces' render loops see: how a plugin process's frame requests, stops and
/// restarts become draws, like a built-in presenter's state changes.
@MainActor
@Observable
final class ObservedCount {
    private(set) var value = 0

    func add(_ count: Int) { value &+= count }
}
