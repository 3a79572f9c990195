import FeatureHostCore

/// What a config reload means for the web surface's open pages.
public struct ConfigUpdate: Sendable, Equatable {
    /// Features the new config turned off (or removed), by id, with their title: their open pages close the
    /// feature and say "<Title> was turned off in the config." with a link home.
    public var turnedOff: [FeatureID: String]
    /// Features whose source or settings changed: each open page of one gets a new instance from the launcher
    /// (`launch(id, preferences: the page's own)`), which appears at once when the page had appeared and is visible.
    public var restarted: Set<FeatureID>
    /// Whether the home list changed (a feature turned on or off, retitled): open home pages update in place.
    public var homeChanged: Bool
    /// The broken edit's problems, each line as `validate` prints it (`file: key.path: message`); empty when the
    /// config is good. Shown as a banner on every open page (home and feature pages) until a good edit clears it.
    public var problems: [String]
    /// The config's `locale` or `hourCycle` changed: each open page asks the launcher for its preferences again
    /// (`PageLauncher.preferences(for:)` with the page's browser) and, where they differ, its instance formats again
    /// in place (`PageFeature.reformat`), or is made again with them when it cannot.
    public var conventionsChanged: Bool
    /// The features' files may have changed (a plugin added, rebuilt or removed): `/assets/` serves the launcher's
    /// `assets` from now on.
    public var assetsChanged: Bool

    public init(
        turnedOff: [FeatureID: String] = [:], restarted: Set<FeatureID> = [], homeChanged: Bool = false, problems: [String] = [],
        conventionsChanged: Bool = false, assetsChanged: Bool = false
    ) {
        self.turnedOff = turnedOff
        self.restarted = restarted
        self.homeChanged = homeChanged
        self.problems = problems
        self.conventionsChanged = conventionsChanged
        self.assetsChanged = assetsChanged
    }
}
