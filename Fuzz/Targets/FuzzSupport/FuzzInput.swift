import Foundation

/// libFuzzer's input as the types the parsers take. Copied once: the harness's cost should be the parser's.
public struct FuzzInput {
    public let bytes: [UInt8]

    public init(_ start: UnsafeRawPointer?, _ count: Int) {
        bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    }

    public var data: Data { Data(bytes) }

    /// True when the bytes look like a property list (XML or binary): the config and the chats plist are told
    /// apart from JSON the way `ConfigLoader` tells them apart by file name, so the committed seeds stay real files.
    public var looksLikePropertyList: Bool {
        bytes.first == UInt8(ascii: "<") || bytes.starts(with: Array("bplist".utf8))
    }
}
