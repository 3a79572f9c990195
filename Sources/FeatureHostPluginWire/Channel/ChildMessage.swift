/// What a `featurehost-plugin-host` child sends the host: one reply per request, and notifications of its own.
public enum ChildMessage: Equatable, Sendable {
    /// The answer to the request with the frame's request id.
    case reply(ChannelReply)
    /// An instance's state changed outside a request (a live timer asked for a frame, work in flight ended).
    case status(InstanceStatus)
    /// The plugin wrote more than the host accepts outside a request (its key hints after a frame request).
    case stopped(instance: UInt32, OverLimit)
    /// The answer to a ping, from the child's main queue.
    case pong

    enum Kind: UInt8 {
        case reply = 64, status, stopped, pong
    }

    public func frame(requestID: UInt32) -> ChannelFrame {
        var writer = WireWriter()
        let kind: Kind
        switch self {
        case .reply(let reply):
            kind = .reply
            reply.write(into: &writer)
        case .status(let status):
            kind = .status
            status.write(into: &writer)
        case .stopped(let instance, let overLimit):
            kind = .stopped
            writer.u32(instance)
            overLimit.write(into: &writer)
        case .pong: kind = .pong
        }
        return ChannelFrame(kind: kind.rawValue, requestID: requestID, payload: writer.bytes)
    }

    public static func decode(_ frame: ChannelFrame) throws(ChannelError) -> ChildMessage {
        guard let kind = Kind(rawValue: frame.kind) else { throw ChannelError("an unknown message kind \(frame.kind)") }
        var reader = WireReader(frame.payload, what: "the message")
        let message: ChildMessage
        switch kind {
        case .reply: message = .reply(try ChannelReply(from: &reader))
        case .status: message = .status(try InstanceStatus(from: &reader))
        case .stopped: message = .stopped(instance: try reader.u32("instance"), try OverLimit(from: &reader))
        case .pong: message = .pong
        }
        try reader.end()
        return message
    }
}

/// The answer to one request.
public struct ChannelReply: Equatable, Sendable {
    /// Everything in a reply but its one large payload, at most: the status with its key hints is bounded
    /// separately by `OutputLimits.keyHintBytes`, the steps by `maximumSteps`.
    public static let overheadBytes = 1 << 20

    public enum Outcome: Equatable, Sendable {
        case ok
        /// `create` returned no instance; `bytes` is its message (cut when `number` is 1).
        case refused
        /// The plugin wrote more than the host accepts; the child did not keep the rest.
        case overLimit(OverLimit)
        /// The library could not be loaded.
        case loadFailed(PluginTableFailure)
        /// The instance is not known to the child (a request after `destroy`, or a number never given).
        case unknownInstance
    }

    public var outcome: Outcome
    /// The frame, HTML, manifest, web files or error message.
    public var bytes: [UInt8]
    /// 1/0 for a key or page event; 1 when the library has a web entry of this host's version.
    public var number: Int64
    /// For an advance: each instant reached, in order, with the frames requested there.
    public var steps: [AdvanceStep]
    /// The instance's state after the request.
    public var status: InstanceStatus?

    public init(
        outcome: Outcome = .ok, bytes: [UInt8] = [], number: Int64 = 0, steps: [AdvanceStep] = [], status: InstanceStatus? = nil
    ) {
        self.outcome = outcome
        self.bytes = bytes
        self.number = number
        self.steps = steps
        self.status = status
    }

    func write(into writer: inout WireWriter) {
        switch outcome {
        case .ok: writer.u8(0)
        case .refused: writer.u8(1)
        case .overLimit(let overLimit):
            writer.u8(2)
            overLimit.write(into: &writer)
        case .loadFailed(let failure):
            writer.u8(3)
            failure.write(into: &writer)
        case .unknownInstance: writer.u8(4)
        }
        writer.blob(bytes)
        writer.i64(number)
        writer.u32(UInt32(truncatingIfNeeded: steps.count))
        for step in steps {
            writer.i64(step.offset)
            writer.u32(step.framesRequested)
        }
        if let status {
            writer.u8(1)
            status.write(into: &writer)
        } else {
            writer.u8(0)
        }
    }

    init(from reader: inout WireReader) throws(ChannelError) {
        switch try reader.u8("outcome") {
        case 0: outcome = .ok
        case 1: outcome = .refused
        case 2: outcome = .overLimit(try OverLimit(from: &reader))
        case 3: outcome = .loadFailed(try PluginTableFailure(from: &reader))
        case 4: outcome = .unknownInstance
        case let other: throw ChannelError("a reply with the unknown outcome \(other)")
        }
        bytes = try reader.blob("bytes")
        number = try reader.i64("number")
        let count = try reader.count("steps", itemBytes: 12)
        var steps: [AdvanceStep] = []
        steps.reserveCapacity(count)
        for _ in 0..<count { steps.append(AdvanceStep(offset: try reader.i64("step"), framesRequested: try reader.u32("step"))) }
        self.steps = steps
        switch try reader.u8("status flag") {
        case 0: status = nil
        case 1: status = try InstanceStatus(from: &reader)
        case let other: throw ChannelError("a reply with the status flag \(other)")
        }
    }
}

/// One instant an advance reached, in nanoseconds since the instance was made, and the frames the plugin asked
/// for while it was there.
public struct AdvanceStep: Equatable, Sendable {
    public var offset: Int64
    public var framesRequested: UInt32

    public init(offset: Int64, framesRequested: UInt32) {
        self.offset = offset
        self.framesRequested = framesRequested
    }
}

/// What the host keeps of an instance between requests, so it never asks for it: work in flight, whether its
/// clock is settling, its next deadline, its screen's minimum size and key hints, and the frames it asked for.
public struct InstanceStatus: Equatable, Sendable {
    public var instance: UInt32
    public var inFlight: Int64
    public var isAdvancing: Bool
    /// Nanoseconds since the instance was made, or -1 when nothing sleeps on its clock.
    public var nextDeadline: Int64
    public var minimumWidth: Int32
    public var minimumHeight: Int32
    /// The footer's key hints as JSON, when they changed since the last status; nil when they did not.
    public var keyHints: [UInt8]?
    /// Frame requests the plugin made since the last status.
    public var framesRequested: UInt32

    public init(
        instance: UInt32, inFlight: Int64 = 0, isAdvancing: Bool = false, nextDeadline: Int64 = -1, minimumWidth: Int32 = 0,
        minimumHeight: Int32 = 0, keyHints: [UInt8]? = nil, framesRequested: UInt32 = 0
    ) {
        self.instance = instance
        self.inFlight = inFlight
        self.isAdvancing = isAdvancing
        self.nextDeadline = nextDeadline
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
        self.keyHints = keyHints
        self.framesRequested = framesRequested
    }

    func write(into writer: inout WireWriter) {
        writer.u32(instance)
        writer.i64(inFlight)
        writer.u8(isAdvancing ? 1 : 0)
        writer.i64(nextDeadline)
        writer.i32(minimumWidth)
        writer.i32(minimumHeight)
        if let keyHints {
            writer.u8(1)
            writer.blob(keyHints)
        } else {
            writer.u8(0)
        }
        writer.u32(framesRequested)
    }

    init(from reader: inout WireReader) throws(ChannelError) {
        instance = try reader.u32("instance")
        inFlight = try reader.i64("work in flight")
        isAdvancing = try reader.u8("advancing flag") != 0
        nextDeadline = try reader.i64("next deadline")
        minimumWidth = try reader.i32("minimum width")
        minimumHeight = try reader.i32("minimum height")
        keyHints = try reader.u8("key hints flag") != 0 ? try reader.blob("key hints") : nil
        framesRequested = try reader.u32("frame requests")
    }
}

/// Output past a bound: what it was and the bound.
public struct OverLimit: Error, Equatable, Sendable {
    public enum What: UInt8, Sendable {
        case manifest = 1, assetList, frame, keyHints, html
    }

    public var what: What
    public var limit: Int64

    public init(_ what: What, limit: Int) {
        self.what = what
        self.limit = Int64(limit)
    }

    func write(into writer: inout WireWriter) {
        writer.u8(what.rawValue)
        writer.i64(limit)
    }

    init(from reader: inout WireReader) throws(ChannelError) {
        let code = try reader.u8("what")
        guard let what = What(rawValue: code) else { throw ChannelError("an over-limit report of the unknown kind \(code)") }
        self.what = what
        limit = try reader.i64("limit")
    }
}
