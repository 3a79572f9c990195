/// How many colours the terminal shows; decides how the renderer encodes a `Color`.
public enum ColorMode: Sendable, Equatable, CaseIterable {
    case trueColor, ansi256, ansi16, none

    /// Chooses from environment variables: `NO_COLOR` (any value) → none, `COLORTERM` truecolor/24bit →
    /// trueColor, a `TERM` containing `256color` → ansi256, otherwise ansi16.
    /// The environment is passed in so tests never read the process's own.
    public static func detect(environment: [String: String]) -> ColorMode {
        if environment["NO_COLOR"] != nil { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if environment["TERM"]?.lowercased().contains("256color") == true { return .ansi256 }
        return .ansi16
    }
}
