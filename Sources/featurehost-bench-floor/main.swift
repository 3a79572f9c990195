#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The sessions benchmark's floor (`Tests/browser/bench/sessions.py`): the least a ticking page can cost a server,
// one thread that wakes once a second and sends 135 bytes (a patch's size) to each of PAGES connections to
// 127.0.0.1:PORT. Nothing is rendered, diffed or hopped; what it costs is the wake-up and the sends.
/// To standard error (the C `stderr` global is not concurrency-safe to name from Swift 6).
func complain(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = write(2, bytes, bytes.count)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
guard arguments.count == 2, let port = UInt16(exactly: arguments[0]), arguments[1] > 0 else {
    complain("usage: featurehost-bench-floor PORT PAGES")
    exit(2)
}
var connections: [Int32] = []
for _ in 0..<arguments[1] {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard descriptor >= 0, connected == 0 else {
        complain("featurehost-bench-floor: cannot connect to 127.0.0.1:\(port)")
        exit(1)
    }
    connections.append(descriptor)
}
let patch = [UInt8](repeating: UInt8(ascii: "x"), count: 135)
while true {
    _ = poll(nil, 0, 1_000)
    for descriptor in connections where send(descriptor, patch, patch.count, Int32(MSG_NOSIGNAL)) < 0 { exit(0) }
}
