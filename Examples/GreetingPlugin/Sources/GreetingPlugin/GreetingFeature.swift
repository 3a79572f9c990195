import FeatureHostCore
import TerminalUI

/// Says hello to the configured name and keeps time: how long it has been open, on its timeline, and the
/// wall-clock time in the user's time zone and hour cycle. Written exactly like a compiled-in feature.
public struct GreetingFeature: TerminalFeature, PresenterFeature {
    public static let manifest = FeatureManifest(
        id: "greeting", title: "Greeting", summary: "A plugin loaded at run time: says hello and keeps time.",
        settings: [nameSetting])

    /// Declared here and read below through the same declaration, so `featurehost validate` checks what the
    /// plugin accepts.
    static let nameSetting = SettingDeclaration(
        "name", type: .nonEmptyString, default: .string("world"), summary: "Who is greeted; not empty.")

    public let presenter: GreetingPresenter

    @MainActor public init(context: FeatureContext) throws {
        let name = try context.settings.string(Self.nameSetting)
        presenter = GreetingPresenter(
            name: name, effects: context.makeEffects(), timeline: context.makeTimeline(), now: context.now,
            timeZone: context.timeZone, hourCycle: context.hourCycle)
    }

    @MainActor public func makeScene() -> any TerminalScene { GreetingTerminalScene(presenter: presenter) }

    /// The clock follows the new time zone and hour cycle at once; everything else it shows stays.
    @MainActor public func reformat(for conventions: FormatConventions) -> Bool {
        presenter.reformat(timeZone: conventions.timeZone, hourCycle: conventions.hourCycle)
        return true
    }
}
