import FeatureHostCore
import Foundation

/// A launch screen (the logo alone, `launchDuration`), a loading screen with an animated hand-over, then the list of chats from the configured
/// source (the bundled plist by default; a JSON file, a web service or an in-memory sample by config).
/// Building it starts nothing: the loading screen's clock and the load start on `.appear`.
public struct ChatsFeature: PresenterFeature {
    public static let manifest = FeatureManifest(
        id: "chats", title: "Chats",
        summary: "Chat list with a loading screen and an animated hand-over; plist, JSON, web or in-memory source.",
        acceptedSources: [.plist, .jsonFile, .http, .inMemory], defaultSource: SourceConfiguration(kind: .plist),
        settings: ChatsSettings.declarations, bundledSamples: [.plist, .jsonFile, .inMemory])

    public let presenter: ChatsPresenter

    @MainActor
    public init(context: FeatureContext) throws {
        let timing = try ChatsSettings(settings: context.settings)
        presenter = Self.makePresenter(context: context, source: try ChatsSources.make(context: context), timing: timing)
    }

    /// The presenter with what it needs from the context: its clock, the user's locale and calendar, the host's
    /// image cache and an effect runner of its own.
    @MainActor
    public static func makePresenter(context: FeatureContext, source: ChatsSource, timing: ChatsSettings) -> ChatsPresenter {
        let strings = ChatsStrings(locale: context.locale)
        return ChatsPresenter(
            source: source, timing: timing,
            formatter: ChatRowFormatter(locale: context.locale, timeZone: context.timeZone, hourCycle: context.hourCycle, strings: strings),
            timeline: context.makeTimeline(), now: context.now, calendar: context.calendar, images: context.images,
            effects: context.makeEffects())
    }

    /// New conventions (the config's locale or clock): the same list, dates and words formatted again.
    @MainActor
    public func reformat(for conventions: FormatConventions) -> Bool {
        presenter.reformat(
            ChatRowFormatter(
                locale: conventions.locale, timeZone: conventions.timeZone, hourCycle: conventions.hourCycle,
                strings: ChatsStrings(locale: conventions.locale)))
        return true
    }
}
