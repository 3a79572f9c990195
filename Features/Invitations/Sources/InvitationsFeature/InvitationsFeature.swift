import FeatureHostCore
import Foundation

/// Request and cancel a Broccoli & Co. beta invitation against the `fakeAuth` backend (`http`) or a local
/// backend with the same rules (`in-memory`). Surface-neutral: each surface conforms it in its own target.
public struct InvitationsFeature: PresenterFeature {
    public static let fakeAuthURLString = "https://us-central1-blinkapp-684c1.cloudfunctions.net/fakeAuth"

    public static let manifest = FeatureManifest(
        id: "invitations", title: "Invitations", summary: "Request or cancel an invite to the Broccoli & Co. beta",
        acceptedSources: [.http, .inMemory],
        // A POST is never served from a saved copy, so the shared payload cache is off.
        defaultSource: URL(string: fakeAuthURLString).map { SourceConfiguration.http($0, cache: false) },
        // `in-memory` is a local backend with the same rules, not a file.
        bundledSamples: [.inMemory], storedKeys: [LiveRegistrationClient.key])

    public let presenter: InvitationsPresenter

    @MainActor
    public init(context: FeatureContext) throws {
        guard let source = context.source ?? Self.manifest.defaultSource else {
            throw FeatureError("\(context.id) has no source; use {\"kind\": \"http\", \"url\": \"…\"} or {\"kind\": \"in-memory\"}.")
        }
        let backend = try InvitationClientFactory.make(source, context: context)
        presenter = InvitationsPresenter(
            backend: backend, storage: LiveRegistrationClient(context.keyValueStore), timeline: context.makeTimeline(),
            effects: context.makeEffects())
    }

    /// New conventions (the config's locale or clock): nothing it shows depends on them (it words and counts in
    /// its spec's own way), so it runs on untouched.
    @MainActor
    public func reformat(for conventions: FormatConventions) -> Bool { true }
}
