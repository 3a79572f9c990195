import CWebServerFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes in memory of their own that never move or change, so the output queue can hold them by reference and
/// hand their address to `sendmsg`: a response prepared once (a static file) is queued for every request without
/// a copy. A dynamic answer is copied in once, as the old flat output buffer copied it.
final class ByteChunk: @unchecked Sendable {
    // @unchecked: immutable after init; the memory is freed (and the file closed) only in deinit, when no queue
    // holds the chunk.
    let base: UnsafeRawPointer
    let count: Int
    /// The same bytes as a sealed in-memory file, or -1: the queue then sends them with `sendfile`, which hands
    /// the kernel the file's pages instead of copying the bytes in on every request (what nginx's `sendfile on`
    /// saves). Only a prepared body large enough for the copy to cost more than a second system call has one.
    let file: Int32

    /// `sendable`: also keep the bytes as a file for `sendfile` (on Linux; elsewhere, or if that fails, memory only).
    init(_ bytes: [UInt8], sendable: Bool = false) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { source in
            if let from = source.baseAddress, !source.isEmpty { memory.baseAddress?.copyMemory(from: from, byteCount: source.count) }
        }
        base = UnsafeRawPointer(memory.baseAddress!)
        count = bytes.count
        file = sendable && !bytes.isEmpty ? featurehost_sealed_memory_file(base, count) : -1
    }

    deinit {
        if file >= 0 { close(file) }
        UnsafeMutableRawPointer(mutating: base).deallocate()
    }

    /// A copy of the bytes (tests, and the slow path that wants an array).
    var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: count)) }

    /// The smallest body sent from its file: below it one gather write with the copy costs less than the head's
    /// write plus a `sendfile` (a stylesheet of a few KiB; the page's script is 45 KiB).
    static let sendFileThreshold = 16 * 1024
}
