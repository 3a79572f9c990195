import Foundation

/// Reads lines from a pipe with a bound on every wait, on the calling thread (never one of Swift's cooperative
/// threads: the crash-save runs block).
final class LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var endOfFile = false

    init(_ handle: FileHandle) { descriptor = handle.fileDescriptor }

    /// The next line, or nil at end of file or when `timeout` passes first.
    func nextLine(timeout: Duration) -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if endOfFile { return nil }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            guard poll(&request, 1, milliseconds) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 {
                endOfFile = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
        }
    }
}
