/// Bytes in memory of their own that never move or change, so the output queue can hold them by reference and
/// hand their address to `sendmsg`: a response prepared once (a static file) is queued for every request without
/// a copy. A dynamic answer is copied in once, as the old flat output buffer copied it.
final class ByteChunk: @unchecked Sendable {
    // @unchecked: immutable after init; the memory is freed only in deinit, when no queue holds the chunk.
    let base: UnsafeRawPointer
    let count: Int

    init(_ bytes: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { source in
            if let from = source.baseAddress, !source.isEmpty { memory.baseAddress?.copyMemory(from: from, byteCount: source.count) }
        }
        base = UnsafeRawPointer(memory.baseAddress!)
        count = bytes.count
    }

    deinit { UnsafeMutableRawPointer(mutating: base).deallocate() }

    /// A copy of the bytes (tests, and the slow path that wants an array).
    var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: count)) }
}
