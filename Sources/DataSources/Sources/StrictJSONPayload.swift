import Foundation
import StrictJSON

/// JSON from a feed, checked by the strict reader before `JSONDecoder` reads it. Foundation's decoder checks only
/// the values it decodes: a member no field reads may hold `-01`, `1.e5`, a raw control character or a trailing
/// comma, and the feed was shown as if it were JSON (conformance review 1.2). `validate` keeps no values, so the
/// check costs one pass over the bytes.
public enum StrictJSONPayload {
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try validate(data)
        return try decoder.decode(T.self, from: data)
    }

    /// Throws `DecodingError.dataCorrupted` naming the line, column and fault, as `JSONDecoder` names its own.
    public static func validate(_ data: Data) throws {
        do {
            try JSONReader.validate(Array(data), allowingByteOrderMark: true)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data was not valid JSON: \(error.description)"))
        }
    }
}
