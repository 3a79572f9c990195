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
    public var json: String {
        #"{"from":\#(from),"to":\#(to),"ops":["# + ops.map(\.json).joined(separator: ",") + "]}"
    }
}
