import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Inside the writer, `write` names its own method.
private func writeDescriptor(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, pointer, count)
}

/// Lines for a descriptor (standard output) that may stop being read, written by a thread of its own so the
/// caller never blocks: the server's I/O thread reports every refused request, and a paused terminal or a
/// pipe nobody reads would otherwise freeze every connection at the first full buffer (issue 16).
///
/// At most `capacity` lines wait; past it lines are dropped and counted, and once the reader catches up one
/// line says how many: `(N log lines dropped: the output was not read in time)`.
public final class BoundedLineWriter: @unchecked Sendable {
    // @unchecked: every field below is touched only with `condition` locked.
    private let condition = NSCondition()
    private let fileDescriptor: Int32
    private let capacity: Int
    private var queue: [String] = []
    /// Lines dropped since the last note about it.
    private var unreportedDrops = 0
    private var totalDrops = 0
    /// True while the writer thread holds lines it has taken but not yet written.
    private var writing = false
    private var closed = false

    public init(fileDescriptor: Int32, capacity: Int = 1000) {
        self.fileDescriptor = fileDescriptor
        self.capacity = max(1, capacity)
        let thread = Thread { [self] in run() }
        thread.name = "BoundedLineWriter:\(fileDescriptor)"
        thread.start()
    }

    /// Queues `line` (a newline is added); drops it when `capacity` lines already wait.
    public func write(_ line: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        if queue.count >= capacity {
            unreportedDrops += 1
            totalDrops += 1
            return
        }
        queue.append(line)
        condition.broadcast()
    }

    /// Lines dropped so far.
    public var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return totalDrops
    }

    /// Waits until every queued line is written, or `timeout` passes; true when written. For the end of a
    /// run: the last lines go out unless nobody reads them.
    @discardableResult
    public func flush(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let limit = Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while !queue.isEmpty || writing || unreportedDrops > 0 {
            guard condition.wait(until: limit) else { return false }
        }
        return true
    }

    /// Writes what is queued, then the thread ends; later lines are ignored.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty, unreportedDrops == 0, !closed { condition.wait() }
            if queue.isEmpty, unreportedDrops == 0, closed {
                condition.unlock()
                return
            }
            var lines = queue
            queue = []
            if unreportedDrops > 0 {
                lines.append("(\(unreportedDrops) log lines dropped: the output was not read in time)")
                unreportedDrops = 0
            }
            writing = true
            condition.unlock()

            writeAll(Array(lines.map { $0 + "\n" }.joined().utf8))

            condition.lock()
            writing = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Blocks this thread only; gives up on an error (the reader has gone).
    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { writeDescriptor(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
