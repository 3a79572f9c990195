/// How the surface a feature instance is made for draws motion (a digit's roll, a fade, a slide): what a presenter
/// with an animation needs to wake for.
public enum Motion: Sendable, Equatable {
    /// The surface draws each step of an animation the presenter publishes, as the terminal does: it has no
    /// animation of its own, so a presenter wakes for every step.
    case stepped
    /// The surface animates a transition itself from where it starts, where it ends and how long it lasts, as the
    /// browser does with CSS: a presenter publishes where each transition starts, and wakes for no step between
    /// (its view state then shows the start until the next change, which the surface does not read as a frame).
    case animated
}
