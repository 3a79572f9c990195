import CFeatureHostPluginABI

/// Collects the bytes the other side of the plugin boundary writes through a `featurehost_write_fn`.
public final class ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// The C function that appends to the sink passed as its first argument.
    public static let write: featurehost_write_fn = { sink, bytes, count in
        guard let sink, let bytes, count > 0 else { return }
        Unmanaged<ByteSink>.fromOpaque(sink).takeUnretainedValue().bytes
            .append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Calls `body` with a sink pointer and `write`, and returns what was written during the call.
    public static func collect(_ body: (UnsafeMutableRawPointer, featurehost_write_fn) -> Void) -> [UInt8] {
        let sink = ByteSink()
        withExtendedLifetime(sink) {
            body(Unmanaged.passUnretained(sink).toOpaque(), write)
        }
        return sink.bytes
    }

    /// Hands `bytes` to a receiver's `write` function: the sender's side of `collect`.
    public static func send(_ bytes: [UInt8], to sink: UnsafeMutableRawPointer?, with write: featurehost_write_fn?) {
        guard let write else { return }
        bytes.withUnsafeBufferPointer { buffer in write(sink, buffer.baseAddress, buffer.count) }
    }
}
