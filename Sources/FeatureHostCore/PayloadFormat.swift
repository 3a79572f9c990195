import Foundation

/// How a payload is encoded: property list or JSON. A file's kind says which; an `http` source's reply says it by
/// its `Content-Type`, or the config's `source.format` does.
public enum PayloadFormat: String, Sendable, Equatable, CaseIterable {
    case plist
    case json

    public init(kind: SourceKind) {
        self = kind == .plist ? .plist : .json
    }

    /// The format a `Content-Type` names: a property list for `application/x-plist` (and `application/plist`),
    /// JSON for `application/json` and any `…+json`; nil for anything else, or none.
    public init?(contentType: String?) {
        guard let contentType else { return nil }
        let mediaType =
            contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch mediaType {
        case "application/x-plist", "application/plist": self = .plist
        case "application/json", "text/json": self = .json
        case let other where other.hasSuffix("+json"): self = .json
        default: return nil
        }
    }
}
