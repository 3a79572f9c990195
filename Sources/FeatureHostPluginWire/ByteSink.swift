import CFeatureHostPluginABI
import FeatureHostCore
import Foundation

/// Collects the bytes the other side of the plugin boundary writes through a `featurehost_write_fn`, up to a
/// limit: what a plugin sends past it is counted, never stored, so a plugin cannot make the host's memory grow
/// without bound. Writes may come from any thread; a write after the call it belonged to has ended finds no
/// sink (`CallbackTargets`) and is dropped.
public final class ByteSink: Sendable {
    /// More bytes than the receiver accepts.
    public struct OverLimit: Error, Sendable, Equatable, CustomStringConvertible {
        public let limit: Int
        public init(limit: Int) { self.limit = limit }
        public var description: String { "more than \(ByteCount.text(limit))" }
    }

    /// The sinks a write can reach: those whose call is still running.
    static let open = CallbackTargets<ByteSink>()

    public let limit: Int
    private struct State {
        var stored: [UInt8] = []
        var overflowed = false
    }
    private let state = Locked(State())

    public init(limit: Int) { self.limit = max(limit, 0) }

    public var bytes: [UInt8] { state.withLock { $0.stored } }
    /// Whether the sender wrote more than `limit` bytes in all.
    public var isOverLimit: Bool { state.withLock { $0.overflowed } }

    func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        let room = state.withLock { $0.overflowed ? 0 : limit - $0.stored.count }
        // Copied with no lock held: a bad pointer from a plugin faults here, and the create guard may jump out
        // of that fault.
        let chunk = Array(UnsafeBufferPointer(start: bytes, count: min(count, max(room, 0))))
        state.withLock { state in
            let fits = min(chunk.count, limit - state.stored.count)
            state.stored.append(contentsOf: chunk.prefix(fits))
            if count > fits { state.overflowed = true }
        }
    }

    /// The C function that appends to the sink its first argument stands for.
    public static let write: featurehost_write_fn = { sink, bytes, count in
        guard let bytes, count > 0, let target = open.target(sink) else { return }
        target.append(bytes, count: count)
    }

    /// Calls `body` with this sink's context pointer and `write`; the pointer reaches the sink only during
    /// the call.
    public func receive<Result>(_ body: (UnsafeMutableRawPointer?, featurehost_write_fn) throws -> Result) rethrows -> Result {
        let pointer = Self.open.add(self)
        defer { Self.open.remove(pointer) }
        return try body(pointer, Self.write)
    }

    /// Calls `body` with a sink pointer and `write`, and returns what was written during the call, or throws
    /// when it was more than `limit` bytes.
    public static func collect(
        limit: Int, _ body: (UnsafeMutableRawPointer?, featurehost_write_fn) -> Void
    ) throws(OverLimit) -> [UInt8] {
        let sink = ByteSink(limit: limit)
        sink.receive(body)
        guard !sink.isOverLimit else { throw OverLimit(limit: limit) }
        return sink.bytes
    }

    /// Hands `bytes` to a receiver's `write` function: the sender's side of `collect`.
    public static func send(_ bytes: [UInt8], to sink: UnsafeMutableRawPointer?, with write: featurehost_write_fn?) {
        guard let write else { return }
        bytes.withUnsafeBufferPointer { buffer in write(sink, buffer.baseAddress, buffer.count) }
    }
}

/// Byte counts as messages say them: "64 KiB", "8 MiB", "1000 bytes".
public enum ByteCount {
    public static func text(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    /// A measured size, to one decimal: "1.1 GiB", "300 MiB", "12 KiB".
    public static func approximate(_ count: Int) -> String {
        let units: [(Int, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where count >= size {
            let tenths = count / size * 10 + count % size * 10 / size
            return tenths % 10 == 0 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
        }
        return "\(count) bytes"
    }
}
