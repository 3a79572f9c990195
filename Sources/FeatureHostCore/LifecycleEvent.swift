/// Application lifecycle, fanned out by the host to every running presenter.
public enum LifecycleEvent: String, Sendable, Equatable {
    case didEnterBackground
    case willEnterForeground
}
