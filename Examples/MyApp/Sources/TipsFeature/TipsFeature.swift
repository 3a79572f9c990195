import FeatureHostCore
import TerminalUI

/// The app's own feature: a tip of the day, the next one a key or a click away. Written as a FeatureHost feature
/// (a manifest, an initialiser from the context, one presenter), but it lives in the app's package.
public struct TipsFeature: TerminalFeature, PresenterFeature {
    public static let manifest = FeatureManifest(
        id: "tips", title: "Tips", summary: "The app's own feature: a tip of the day.", settings: [firstSetting])

    /// Declared so `myapp validate` checks it: which tip is shown first.
    static let firstSetting = SettingDeclaration(
        "first", type: .number(1...Double(TipsPresenter.tips.count)), default: .number(1), summary: "The tip shown first, from 1.")

    public let presenter: TipsPresenter

    @MainActor public init(context: FeatureContext) throws {
        // In range once validated; rounded down, so 2.5 is the second tip.
        presenter = TipsPresenter(
            first: Int(try context.settings.number(Self.firstSetting).rounded(.down)) - 1, effects: context.makeEffects())
    }

    @MainActor public func makeScene() -> any TerminalScene { TipsTerminalScene(presenter: presenter) }
}
