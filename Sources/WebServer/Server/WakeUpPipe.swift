#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe the loop polls alongside its sockets, so another thread can end its wait by writing one byte.
final class WakeUpPipe: @unchecked Sendable {
    // Both descriptors are fixed after init; `wake()` may run on any thread, `drain()` on the loop only.
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(HTTPServerError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw HTTPServerError("cannot create the server's wake-up pipe", errno: errno) }
        readEnd = fds[0]
        writeEnd = fds[1]
        do throws(HTTPServerError) {
            try Socket.setNonBlocking(readEnd)
            try Socket.setNonBlocking(writeEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
    }

    /// A full pipe already holds a wake-up, so a failed write loses nothing.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Called once, under the mailbox's lock that also guards `wake()`, so no write can reach a descriptor
    /// number the system has handed out again.
    func closeBoth() {
        close(readEnd)
        close(writeEnd)
    }
}
