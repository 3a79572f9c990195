import DataSources
import FeatureHostCore
import Foundation

extension ChatsDecoding {
    /// The start of the one decoding message this feature writes itself (a JSON date it cannot parse).
    static let ownDatePrefix = "expected an ISO 8601 date"

    /// The same error with Foundation's sentences (`Expected to decode Date but found a string instead.`,
    /// `The data is not in the correct format.`) replaced by ours: they are a developer's words, and English
    /// in every locale. The place in the file and the kind expected stay, as `readableDescription` prints them.
    static func inPlainWords(_ error: any Error, format: PayloadFormat) -> any Error {
        guard let decoding = error as? DecodingError else { return error }
        switch decoding {
        case .typeMismatch(let type, let context):
            return DecodingError.typeMismatch(
                type, .init(codingPath: context.codingPath, debugDescription: "another kind of value is there"))
        case .dataCorrupted(let context) where !context.debugDescription.hasPrefix(ownDatePrefix):
            let what: String
            if !context.codingPath.isEmpty {
                what = "the value there cannot be read"
            } else {
                what = format == .plist ? "it is not a readable XML property list." : "it is not valid JSON."
            }
            return DecodingError.dataCorrupted(.init(codingPath: context.codingPath, debugDescription: what))
        default:
            return decoding
        }
    }
}
