import FeatureHostCore
import Foundation

/// Decodes a record from a payload. Features that need custom date strategies or lenient decoding pass
/// their own; `standard` uses plain `JSONDecoder` / `XMLPropertyList`.
public struct PayloadDecoder<Record: Sendable>: Sendable {
    public let decode: @Sendable (Data, PayloadFormat) throws -> Record

    public init(_ decode: @escaping @Sendable (Data, PayloadFormat) throws -> Record) {
        self.decode = decode
    }
}

extension PayloadDecoder where Record: Decodable {
    /// `JSONDecoder` with `jsonDates` for JSON (checked strictly first: `StrictJSONPayload`), `XMLPropertyList` (native `<date>`) for plists.
    public static func standard(jsonDates: JSONDecoder.DateDecodingStrategy = .deferredToDate) -> PayloadDecoder {
        PayloadDecoder { data, format in
            switch format {
            case .json:
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = jsonDates
                return try StrictJSONPayload.decode(Record.self, from: data, using: decoder)
            case .plist:
                return try XMLPropertyList.decode(Record.self, from: data)
            }
        }
    }
}
