import FeatureHostCore
import StrictJSON

/// One message a page POSTs to `/s/SID/event` (see docs/web-surface.md, "Events").
public enum ClientMessage: Sendable, Equatable {
    case event(PageEvent)
    case hello(ClientHello)
    case visibility(visible: Bool)

    /// Decodes one POSTed body; a fault throws an error whose description names the field and what was wrong.
    /// Strings are at most 16 KiB and objects hold at most 64 fields (the body itself is at most 64 KiB).
    public static func decode(_ body: [UInt8]) throws -> ClientMessage {
        try decodeTyped(body)
    }

    /// What one message may hold: the same reader as the config's, with a page event's limits.
    static let limits = JSONReader.Limits(maximumStringBytes: 16 * 1024, maximumMembers: 64, maximumDepth: 8)

    static func decodeTyped(_ body: [UInt8]) throws(ClientMessageError) -> ClientMessage {
        guard ValidUTF8.string(body) != nil else { throw ClientMessageError("body is not valid UTF-8") }
        let value = try parse(body)
        guard case .object(let members) = value else {
            throw ClientMessageError("body is \(value.kindDescription), not a JSON object")
        }
        var fields = ClientMessageFields(members)
        let kind = try fields.string("kind")
        let message: ClientMessage
        switch kind {
        case "click":
            message = .event(.click(try fields.string("action")))
        case "input", "change":
            let action = try fields.string("action")
            let value = try fields.string("value")
            message = .event(PageEvent(kind: kind == "input" ? .input : .change, action: action, value: value))
        case "submit":
            message = .event(.submit(try fields.string("action"), try fields.stringMap("fields")))
        case "key":
            let action = try fields.string("action")
            let key = try fields.string("key")
            guard !key.isEmpty else { throw ClientMessageError("field 'key' is empty") }
            message = .event(.key(key, action: action))
        case "hello":
            let hourCycle = try fields.optionalString("hourCycle")
            if let hourCycle, hourCycle != "h12", hourCycle != "h23" {
                throw ClientMessageError("field 'hourCycle': \"\(TextLimit.excerpt.apply(hourCycle))\" is neither \"h12\" nor \"h23\"")
            }
            let timeZone = try fields.optionalString("timeZone")
            message = .hello(ClientHello(hourCycle: hourCycle, timeZone: timeZone, visible: try fields.bool("visible")))
        case "visibility":
            message = .visibility(visible: try fields.bool("visible"))
        default:
            let known = "click, input, change, submit, key, hello, visibility"
            throw ClientMessageError("field 'kind': \"\(kind.prefix(40))\" is not one of \(known)")
        }
        try fields.requireAllRead(kind: kind)
        return message
    }

    /// The body as JSON; a fault names the byte, a limit the field.
    private static func parse(_ body: [UInt8]) throws(ClientMessageError) -> JSONValue {
        do {
            return try JSONReader.parse(body, limits: limits)
        } catch {
            switch error.kind {
            case .syntax: throw ClientMessageError("body is not valid JSON: \(error.message) (at byte \(error.offset))")
            case .limit: throw ClientMessageError("\(error.path.isEmpty ? "body" : "field '\(error.path)'"): \(error.message)")
            }
        }
    }
}

/// The members of a message object, read by name with type checks; remembers which were read so an unexpected
/// field is refused rather than silently ignored.
private struct ClientMessageFields {
    private let members: [(key: String, value: JSONValue)]
    private var read: Set<String> = []

    init(_ members: [(key: String, value: JSONValue)]) {
        self.members = members
    }

    private mutating func value(_ name: String) -> JSONValue? {
        read.insert(name)
        return members.first { $0.key == name }?.value
    }

    mutating func string(_ name: String) throws(ClientMessageError) -> String {
        guard let value = value(name) else { throw ClientMessageError("field '\(name)' is missing") }
        guard case .string(let string) = value else {
            throw ClientMessageError("field '\(name)': expected a string, found \(value.kindDescription)")
        }
        return string
    }

    mutating func optionalString(_ name: String) throws(ClientMessageError) -> String? {
        guard let value = value(name), value != .null else { return nil }
        guard case .string(let string) = value else {
            throw ClientMessageError("field '\(name)': expected a string or null, found \(value.kindDescription)")
        }
        return string
    }

    mutating func bool(_ name: String) throws(ClientMessageError) -> Bool {
        guard let value = value(name) else { throw ClientMessageError("field '\(name)' is missing") }
        guard case .bool(let bool) = value else {
            throw ClientMessageError("field '\(name)': expected true or false, found \(value.kindDescription)")
        }
        return bool
    }

    mutating func stringMap(_ name: String) throws(ClientMessageError) -> [String: String] {
        guard let value = value(name) else { throw ClientMessageError("field '\(name)' is missing") }
        guard case .object(let members) = value else {
            throw ClientMessageError("field '\(name)': expected an object, found \(value.kindDescription)")
        }
        var map: [String: String] = [:]
        for (key, member) in members {
            guard case .string(let string) = member else {
                throw ClientMessageError(
                    "field '\(name).\(TextLimit.excerpt.apply(key))': expected a string, found \(member.kindDescription)")
            }
            map[key] = string
        }
        return map
    }

    func requireAllRead(kind: String) throws(ClientMessageError) {
        if let extra = members.first(where: { !read.contains($0.key) }) {
            throw ClientMessageError("field '\(TextLimit.excerpt.apply(extra.key))' is not expected in a \(kind) message")
        }
    }
}
