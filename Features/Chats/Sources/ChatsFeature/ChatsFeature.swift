import DataSources
import FeatureHostCore
import Foundation
import TerminalUI

/// A launch screen, a loading screen with an animated hand-over, then the list of chats from the configured
/// source (the bundled plist by default; a JSON file, a web service or an in-memory sample by config).
public struct ChatsFeature: TerminalFeature, PresenterFeature {
    public static let manifest = FeatureManifest(
        id: "chats", title: "Chats",
        summary: "Chat list with a loading screen and an animated hand-over; plist, JSON, web or in-memory source.",
        acceptedSources: [.plist, .jsonFile, .http, .inMemory], defaultSource: SourceConfiguration(kind: .plist),
        settingsKeys: [ChatsTiming.frameDurationKey, ChatsTiming.loadingDurationKey, ChatsTiming.transitionDurationKey])

    public let presenter: ChatsPresenter

    @MainActor
    public init(context: FeatureContext) throws {
        let timing = try ChatsTiming(settings: context.settings)
        presenter = ChatsPresenter(context: context, source: try ChatsSources.make(context: context), timing: timing)
    }

    /// The scene starts the presenter: the loading screen's clock runs from the moment it is first shown.
    @MainActor
    public func makeScene() -> any TerminalScene { ChatsScene(presenter: presenter) }
}
