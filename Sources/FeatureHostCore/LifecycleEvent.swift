/// Application lifecycle, delivered by the host's session to every running feature.
///
/// `appear` comes once, the first time any surface shows the feature: a feature's timers and loads start
/// then, never in its initialiser or in a scene's. The other two follow the surface (terminal focus and
/// Ctrl-Z, a browser tab's visibility).
public enum LifecycleEvent: String, Sendable, Equatable, CaseIterable {
    case appear
    case didEnterBackground
    case willEnterForeground
}
