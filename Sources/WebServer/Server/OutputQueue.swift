#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a connection still has to send: chunks held by reference, written with one `sendmsg` (a gather write) for
/// as many of them as the socket takes. A static file's head goes out straight from the memory it was prepared in;
/// its body, when it has a file (`ByteChunk.file`), with `sendfile` after it.
struct OutputQueue {
    private var chunks: [ByteChunk] = []
    /// The first chunk not yet wholly sent, and how much of it was.
    private var first = 0
    private var offset = 0
    private(set) var count = 0

    /// At most this many chunks per write: a stream's many small patches go in batches.
    static let chunksPerWrite = 64

    var isEmpty: Bool { count == 0 }

    mutating func append(_ chunk: ByteChunk) {
        guard chunk.count > 0 else { return }
        // Drop what was sent once it dominates the array, so a long stream does not keep its history.
        if first > 32, first * 2 >= chunks.count {
            chunks.removeFirst(first)
            first = 0
        }
        chunks.append(chunk)
        count += chunk.count
    }

    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        append(ByteChunk(bytes))
    }

    /// Sends what the socket takes now; `.transferred` when everything queued went out (or nothing was queued).
    mutating func write(to fd: Int32) -> Socket.IOResult {
        var total = 0
        while count > 0 {
            switch writeSome(to: fd) {
            case .transferred(let sent):
                guard sent > 0 else { return .wouldBlock }  // The socket took nothing; poll says when it can.
                total += sent
                consume(sent)
            case .wouldBlock: return .wouldBlock
            case .closed: return .closed
            case .failed: return .failed
            }
        }
        chunks.removeAll(keepingCapacity: chunks.count <= 64)
        first = 0
        offset = 0
        return .transferred(total)
    }

    /// One system call: the chunks in memory up to the next one with a file in one gather write, or that file's
    /// rest with `sendfile`.
    private func writeSome(to fd: Int32) -> Socket.IOResult {
        let head = chunks[first]
        if head.file >= 0 {
            let sent = Socket.sendFile(fd, from: head.file, offset: offset, count: head.count - offset)
            // A socket sendfile cannot write to still takes the same bytes from memory.
            guard case .failed = sent else { return sent }
            return Socket.writeChunks(fd, chunks[first...first], skipping: offset)
        }
        let end = min(chunks.count, first + Self.chunksPerWrite)
        let filed = chunks[first..<end].firstIndex { $0.file >= 0 }
        return Socket.writeChunks(fd, chunks[first..<(filed ?? end)], skipping: offset, more: filed != nil)
    }

    private mutating func consume(_ sent: Int) {
        var left = sent
        count -= sent
        while left > 0 {
            let remaining = chunks[first].count - offset
            if left < remaining {
                offset += left
                return
            }
            left -= remaining
            first += 1
            offset = 0
        }
    }
}
