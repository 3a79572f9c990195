import FeatureHostCore
import Foundation

/// Builds the backend the config's source chose.
public enum InvitationClientFactory {
    public static func make(_ source: SourceConfiguration, context: FeatureContext) throws -> any InvitationClient {
        switch source.kind {
        case .http:
            guard let url = source.url else {
                throw FeatureError("\(context.id): the http source needs a \"url\", e.g. \(InvitationsFeature.fakeAuthURLString).")
            }
            return LiveInvitationClient(url: url, timeout: source.timeout, transport: context.transport)
        case .inMemory:
            return InMemoryInvitationClient()
        case .plist, .jsonFile:
            throw FeatureError(
                "\(context.id): the source kind \"\(source.kind)\" cannot send requests; use \"http\" or \"in-memory\".")
        }
    }
}
