#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension EventLoop {
    /// How long `stop()` waits for readers to take what was written before it.
    static let stopFlushTime: Duration = .milliseconds(250)

    /// At stop, what streams were told before it still goes out (the host's last event, `stopping`, and their
    /// close), then every queued byte, for at most `stopFlushTime`: a reader slower than that loses the rest.
    func flushBeforeStopping(_ work: [LoopWork]) {
        for item in work {
            switch item {
            case .streamWrite, .streamClose: perform(item)
            default: break
            }
        }
        let deadline = clock.now + Self.stopFlushTime
        while true {
            let pending = connections.values.filter { $0.queuedByteCount > 0 }
            let left = clock.now.duration(to: deadline)
            guard !pending.isEmpty, left > .zero else { return }
            var descriptors = pending.map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return }
            for (index, connection) in pending.enumerated() where descriptors[index].revents != 0 {
                // A reader that is gone loses what is left, and is not polled again.
                if descriptors[index].revents & Int16(POLLERR | POLLHUP) != 0 || !connection.flush() {
                    closeConnection(connection)
                }
            }
        }
    }
}
