import DataSources
import FeatureHostCore
import Foundation

/// Decodes `[Chat]` from the plist schema (`sendingDate` a native `<date>`) or its JSON form (`sendingDate` an
/// ISO 8601 string, with or without fractional seconds, `Z` or an offset).
public enum ChatsDecoding {
    public static let payload = PayloadDecoder<[Chat]> { data, format in
        do {
            switch format {
            case .plist: return try XMLPropertyList.decode([Chat].self, from: data)
            case .json: return try StrictJSONPayload.decode([Chat].self, from: data, using: json)
            }
        } catch {
            throw inPlainWords(error, format: format)
        }
    }

    /// The JSON form the `json-file` and `http` kinds read, and `encodeJSON` writes.
    static var json: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseISO8601(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: ownDatePrefix + " such as 2015-11-03T10:15:00Z, found \"\(text)\"")
            }
            return date
        }
        return decoder
    }

    static func parseISO8601(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date.ISO8601FormatStyle().parse(trimmed) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(trimmed)
    }

    /// The JSON form of `chats`: what a web service would serve, and the bundled `chats.json`.
    public static func encodeJSON(_ chats: [Chat]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle()))
        }
        return try encoder.encode(chats)
    }

    /// The plist form, in the exact schema of `data.plist`.
    public static func encodePlist(_ chats: [Chat]) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(chats)
    }
}
