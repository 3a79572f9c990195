import CFeatureHostProcess
import FeatureHostCore
import FeatureHostPluginWire
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child's end of the channel: a thread reads requests (the host never sends more than 1 MiB in one), and any
/// thread may send, one whole frame at a time. The host going away (end of file, a read error) ends the child.
final class ChildChannel: Sendable {
    /// The host's largest request: a context or page event as JSON.
    static let maximumRequest = 1 << 20

    let fileDescriptor: Int32
    /// Held while one frame is sent, so frames from two threads never interleave on the socket.
    /// One frame on the socket at a time. A plain lock: it guards an act, not a value (a `Locked<Void>`'s empty
    /// value gave the thread sanitizer an access with no address of its own, reported as a race).
    private let sending = NSLock()

    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    func startReading(_ deliver: @escaping @Sendable (ChannelFrame) -> Void) {
        let fileDescriptor = self.fileDescriptor
        let thread = Thread {
            var decoder = ChannelDecoder(maximumPayload: Self.maximumRequest)
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                // The host closed the channel or died: nothing is left to serve.
                guard count > 0 else { Self.end(0) }
                buffer.withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                do throws(ChannelError) {
                    while let frame = try decoder.next() { deliver(frame) }
                } catch {
                    Self.fail("the host sent \(error.description)")
                }
            }
        }
        thread.name = "featurehost.plugin-host.reader"
        thread.start()
    }

    func send(_ message: ChildMessage, requestID: UInt32 = 0) {
        let bytes = message.frame(requestID: requestID).encoded()
        let status = sending.withLock {
            bytes.withUnsafeBufferPointer { featurehost_send_all(fileDescriptor, $0.baseAddress, $0.count) }
        }
        // The host is gone; so is the reason to run.
        if status != 0 { Self.end(0) }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("featurehost-plugin-host: \(message)\n".utf8))
        end(3)
    }

    /// Exits, after every process the plugin started (they would outlive it, holding its channel and log).
    static func end(_ status: Int32) -> Never {
        featurehost_child_end_descendants()
        exit(status)
    }
}
