/// One frame on the channel between the host and a `featurehost-plugin-host` child:
/// `u32 payload length | u8 kind | u32 request id | payload`, little-endian. The length is checked against the
/// receiver's bound before a byte of the payload is kept, so a sender cannot make the receiver allocate more.
public struct ChannelFrame: Equatable, Sendable {
    public static let headerBytes = 9

    public var kind: UInt8
    public var requestID: UInt32
    public var payload: [UInt8]

    public init(kind: UInt8, requestID: UInt32, payload: [UInt8]) {
        self.kind = kind
        self.requestID = requestID
        self.payload = payload
    }

    /// The frame's bytes, header first.
    public func encoded() -> [UInt8] {
        var writer = WireWriter(capacity: Self.headerBytes + payload.count)
        writer.u32(UInt32(truncatingIfNeeded: payload.count))
        writer.u8(kind)
        writer.u32(requestID)
        writer.raw(payload)
        return writer.bytes
    }
}

/// What is wrong with bytes on the channel. Each is the other side's fault; the receiver stops talking to it.
public struct ChannelError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Cuts a byte stream into frames. Bytes arrive in any pieces; a frame is returned once whole. A frame longer
/// than `maximumPayload` is an error as soon as its header is read.
public struct ChannelDecoder: Sendable {
    public let maximumPayload: Int
    private var buffer: [UInt8] = []
    private var start = 0

    public init(maximumPayload: Int) { self.maximumPayload = max(maximumPayload, 0) }

    /// Bytes received and not yet returned as frames.
    public var pendingBytes: Int { buffer.count - start }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    public mutating func feed(_ bytes: [UInt8]) { bytes.withUnsafeBytes { feed($0) } }

    /// The next whole frame, nil until more bytes arrive, or an error for a length over the bound.
    public mutating func next() throws(ChannelError) -> ChannelFrame? {
        guard buffer.count - start >= ChannelFrame.headerBytes else { return nil }
        let length =
            Int(buffer[start]) | Int(buffer[start + 1]) << 8 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 24
        guard length <= maximumPayload else {
            throw ChannelError("a message of \(ByteCount.text(length)), more than the \(ByteCount.text(maximumPayload)) accepted")
        }
        guard buffer.count - start - ChannelFrame.headerBytes >= length else { return nil }
        let kind = buffer[start + 4]
        let requestID =
            UInt32(buffer[start + 5]) | UInt32(buffer[start + 6]) << 8 | UInt32(buffer[start + 7]) << 16
            | UInt32(buffer[start + 8]) << 24
        let payloadStart = start + ChannelFrame.headerBytes
        let payload = Array(buffer[payloadStart..<payloadStart + length])
        start = payloadStart + length
        return ChannelFrame(kind: kind, requestID: requestID, payload: payload)
    }
}

/// Little-endian fields, appended.
public struct WireWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    public mutating func u8(_ value: UInt8) { bytes.append(value) }
    public mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
    public mutating func i32(_ value: Int32) { u32(UInt32(bitPattern: value)) }
    public mutating func i64(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }
    /// A length (u32) and the bytes.
    public mutating func blob(_ value: [UInt8]) {
        u32(UInt32(truncatingIfNeeded: value.count))
        bytes.append(contentsOf: value)
    }
    public mutating func raw(_ value: [UInt8]) { bytes.append(contentsOf: value) }
}

/// Reads what `WireWriter` wrote; every read is bounds-checked, so a short or lying payload is an error, never a
/// trap or an allocation beyond the payload's own size.
public struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0
    private let what: String

    public init(_ bytes: [UInt8], what: String) {
        self.bytes = bytes
        self.what = what
    }

    public var remaining: Int { bytes.count - offset }

    private func short(_ field: String) -> ChannelError { ChannelError("\(what) ends inside its \(field)") }

    public mutating func u8(_ field: String) throws(ChannelError) -> UInt8 {
        guard remaining >= 1 else { throw short(field) }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func u32(_ field: String) throws(ChannelError) -> UInt32 {
        guard remaining >= 4 else { throw short(field) }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << UInt32(index * 8) }
        offset += 4
        return value
    }

    public mutating func i32(_ field: String) throws(ChannelError) -> Int32 { Int32(bitPattern: try u32(field)) }

    public mutating func i64(_ field: String) throws(ChannelError) -> Int64 {
        guard remaining >= 8 else { throw short(field) }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += 8
        return Int64(bitPattern: value)
    }

    public mutating func blob(_ field: String) throws(ChannelError) -> [UInt8] {
        let count = Int(try u32(field))
        guard remaining >= count else { throw short(field) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A count of items each at least `itemBytes` long, checked against what is left before anything is made.
    public mutating func count(_ field: String, itemBytes: Int) throws(ChannelError) -> Int {
        let count = Int(try u32(field))
        guard count <= remaining / max(itemBytes, 1) else { throw short(field) }
        return count
    }

    public func end() throws(ChannelError) {
        guard remaining == 0 else { throw ChannelError("\(what) has \(remaining) bytes after its last field") }
    }
}
