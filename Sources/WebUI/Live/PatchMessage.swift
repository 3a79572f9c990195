/// One `event: patch` of the live stream: the ops that take a client at version `from` to version `to`.
public struct PatchMessage: Sendable, Equatable {
    public var from: Int
    public var to: Int
    public var ops: [PatchOp]

    public init(from: Int, to: Int, ops: [PatchOp]) {
        self.from = from
        self.to = to
        self.ops = ops
    }

    /// `{"from":41,"to":42,"ops":[...]}`: compact, keys in a fixed order, every string escaped (any Unicode, U+2028/9).
    public var json: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The same, as UTF-8.
    public var jsonBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64 + ops.reduce(0) { $0 + $1.estimatedBytes })
        JSONWriting.append(#"{"from":\#(from),"to":\#(to),"ops":["#, to: &output)
        for (index, op) in ops.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            op.writeJSON(into: &output)
        }
        JSONWriting.append("]}", to: &output)
        return output
    }

    /// The elements of an `ops` array as JSON, comma-separated: what shared renders keep for every page.
    static func opsJSON(_ ops: [PatchOp]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(ops.reduce(0) { $0 + $1.estimatedBytes })
        for (index, op) in ops.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            op.writeJSON(into: &output)
        }
        return output
    }

    /// The `event: patch` from `from` to `to` with ops already written (`opsJSON`): the same bytes as
    /// `ServerSentEvent(event: "patch", data: json, id: String(to)).bytes`, framed without a string in between
    /// (the JSON is one line: every string in it is escaped).
    static func event(from: Int, to: Int, opsJSON: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(opsJSON.count + 64)
        JSONWriting.append("event: patch\nid: \(to)\ndata: {\"from\":\(from),\"to\":\(to),\"ops\":[", to: &output)
        output.append(contentsOf: opsJSON)
        JSONWriting.append("]}\n\n", to: &output)
        return output
    }
}
