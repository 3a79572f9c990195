import CFeatureHostCurl
import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One request to one URL (one hop of a redirect chain) on libcurl, and what arrived for it. The limits are
/// enforced inside curl's callbacks, so nothing past them is ever kept: a `Content-Length` over the limit stops
/// the transfer before the body, a body that grows past it stops at the chunk that crosses it (curl hands over at
/// most 16 KiB at a time, after decompression), a redirect stops before its body, and an address that is not
/// allowed is never connected to.
///
/// Every callback runs on the loop's thread, inside `curl_multi_perform`; the loop holds the transfer while curl
/// may call back.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked: C handles, and state only curl's callbacks on the loop thread touch (the waiter's is in `waiter`).
    /// Why the transfer stopped before curl finished it.
    enum Stop: Equatable {
        case bodyTooLarge
        case headTooLarge
        /// A redirect status (301, 302, 303, 307, 308) and where it points.
        case redirect(location: String, status: Int)
        case refusedAddress(String)
        case encoding(String)
        /// The head is not HTTP/1.1 as RFC 9112 writes it: what was wrong.
        case malformedHead(String)
    }

    enum Outcome {
        case response(status: Int, headers: [String: String], body: Data)
        case stopped(Stop)
        case cancelled
        /// curl's own result code, when it failed.
        case failed(code: Int32)
    }

    static let maximumHeadSize = 64 * 1024
    /// Content encodings curl inflates for us (through `write`, so the limit counts inflated bytes). Brotli and
    /// zstd are refused: we never ask for them, and a zstd frame may make the decoder allocate up to 128 MiB.
    static let acceptedEncodings: Set<String> = ["identity", "gzip", "x-gzip", "deflate"]

    let url: URL
    let limit: Int
    private let expectsNoBody: Bool
    let trustedOrigin: HTTPOrigin?
    let easy: OpaquePointer
    private var headerList: OpaquePointer?
    private var resolveList: OpaquePointer?
    private let postBody: Data?

    // Written and read by curl's callbacks on the loop thread only; the waiting request gets them in the `Outcome`.
    private var status = 0
    private var headers: [String: String] = [:]
    private var body = Data()
    private var stop: Stop?
    private var headBytes = 0
    private var headComplete = false
    private var reserved = false

    /// Whether it was cancelled, and the request waiting for its outcome: set and read from any thread.
    private let waiter = Locked((cancelled: false, continuation: CheckedContinuation<Outcome, Never>?.none))

    /// nil when curl cannot make a handle.
    init?(
        method: String, url: URL, headers: [String: String], body: Data?, limit: Int, timeoutMilliseconds: Int,
        trustedOrigin: HTTPOrigin?, resolving: [String] = []
    ) {
        guard let easy = fh_curl_easy_init() else { return nil }
        self.easy = easy
        self.url = url
        expectsNoBody = method.uppercased() == "HEAD"
        self.limit = limit
        self.trustedOrigin = trustedOrigin
        postBody = body
        configure(method: method, headers: headers, timeoutMilliseconds: timeoutMilliseconds)
        if !resolving.isEmpty {
            var list: OpaquePointer?
            for entry in resolving { list = fh_curl_slist_append(list, entry) }
            resolveList = list
            fh_curl_easy_setopt_pointer(easy, Int32(FH_CURLOPT_RESOLVE), UnsafeRawPointer(list))
        }
    }

    deinit {
        fh_curl_easy_cleanup(easy)
        if let headerList { fh_curl_slist_free_all(headerList) }
        if let resolveList { fh_curl_slist_free_all(resolveList) }
    }

    private func configure(method: String, headers: [String: String], timeoutMilliseconds: Int) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        fh_curl_easy_setopt_string(easy, Int32(FH_CURLOPT_URL), url.absoluteString)
        fh_curl_easy_setopt_string(easy, Int32(FH_CURLOPT_PROTOCOLS_STR), "http,https")
        // Redirects are ours to follow: each hop is checked, and a redirect's body is never read.
        fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_FOLLOWLOCATION), 0)
        // Proxies from the environment are not used: the address check must see where the connection really goes.
        fh_curl_easy_setopt_string(easy, Int32(FH_CURLOPT_PROXY), "")
        fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_NOSIGNAL), 1)
        // A transfer cancelled while its name resolves must not make the loop wait for the resolver thread (curl
        // joins it otherwise, which would hold every other request up to a DNS timeout). curl 7.87 and later.
        fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_QUICK_EXIT), 1)
        fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_TIMEOUT_MS), timeoutMilliseconds)
        fh_curl_easy_setopt_string(easy, Int32(FH_CURLOPT_USERAGENT), "FeatureHost")
        // Asked for and inflated by curl, bounded by `write`; anything else is refused in `header`.
        fh_curl_easy_setopt_string(easy, Int32(FH_CURLOPT_ACCEPT_ENCODING), "gzip, deflate")
        fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_HTTP_CONTENT_DECODING), 1)
        switch method.uppercased() {
        case "GET": fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_HTTPGET), 1)
        case "HEAD": fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_NOBODY), 1)
        case "POST": fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_POST), 1)
        default: fh_curl_easy_setopt_string(easy, Int32(FH_CURLOPT_CUSTOMREQUEST), method)
        }
        if let postBody, !postBody.isEmpty {
            if method.uppercased() != "POST" { fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_POST), 1) }
            fh_curl_easy_setopt_offset(easy, Int32(FH_CURLOPT_POSTFIELDSIZE_LARGE), Int64(postBody.count))
            // COPYPOSTFIELDS copies, so the bytes need not outlive this call.
            postBody.withUnsafeBytes { bytes in
                _ = fh_curl_easy_setopt_pointer(easy, Int32(FH_CURLOPT_COPYPOSTFIELDS), bytes.baseAddress)
            }
        } else if method.uppercased() == "POST" {
            // Without fields curl would read the body from standard input.
            fh_curl_easy_setopt_string(easy, Int32(FH_CURLOPT_COPYPOSTFIELDS), "")
        }
        var list: OpaquePointer?
        // "Expect:" stops curl waiting for a 100 Continue before larger bodies.
        for line in headers.sorted(by: { $0.key < $1.key }).map({ "\($0.key): \($0.value)" }) + ["Expect:"] {
            list = fh_curl_slist_append(list, line)
        }
        headerList = list
        fh_curl_easy_setopt_pointer(easy, Int32(FH_CURLOPT_HTTPHEADER), UnsafeRawPointer(list))
        fh_curl_easy_setopt_data_callback(easy, Int32(FH_CURLOPT_WRITEFUNCTION)) { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().write(data, size &* count)
        }
        fh_curl_easy_setopt_pointer(easy, Int32(FH_CURLOPT_WRITEDATA), context)
        fh_curl_easy_setopt_data_callback(easy, Int32(FH_CURLOPT_HEADERFUNCTION)) { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().header(data, size &* count)
        }
        fh_curl_easy_setopt_pointer(easy, Int32(FH_CURLOPT_HEADERDATA), context)
        fh_curl_easy_setopt_long(easy, Int32(FH_CURLOPT_NOPROGRESS), 0)
        fh_curl_easy_setopt_progress_callback(easy) { context, _, _, _, _ in
            guard let context else { return 1 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
        }
        fh_curl_easy_setopt_pointer(easy, Int32(FH_CURLOPT_XFERINFODATA), context)
        fh_curl_easy_setopt_open_socket_callback(easy) { context, _, address in
            guard let context, let address else { return -1 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().openSocket(address)
        }
        fh_curl_easy_setopt_pointer(easy, Int32(FH_CURLOPT_OPENSOCKETDATA), context)
    }

    // MARK: - Cancelling and finishing (any thread)

    var isCancelled: Bool { waiter.withLock { $0.cancelled } }

    /// Marks the transfer cancelled; true when it had not finished yet.
    @discardableResult
    func cancel() -> Bool {
        waiter.withLock {
            $0.cancelled = true
            return $0.continuation != nil
        }
    }

    func wait(_ continuation: CheckedContinuation<Outcome, Never>) {
        waiter.withLock { $0.continuation = continuation }
    }

    /// Hands the outcome to the waiting request, once.
    func finish(_ outcome: Outcome) {
        let waiting: CheckedContinuation<Outcome, Never>? = waiter.withLock { waiter in
            defer { waiter.continuation = nil }
            return waiter.continuation
        }
        waiting?.resume(returning: isCancelled ? .cancelled : outcome)
    }

    /// What curl's result means, with the stop reason our callbacks recorded.
    func outcome(forResult code: Int32) -> Outcome {
        if isCancelled { return .cancelled }
        if let stop { return .stopped(stop) }
        // curl gives the same code for a transfer coding it does not know (`chunkedchunked`) as for a damaged
        // compressed body; only the headers tell them apart.
        if code == Int32(FH_CURLE_BAD_CONTENT_ENCODING), headers["content-encoding"] == nil, let coding = headers["transfer-encoding"] {
            return .stopped(.malformedHead("its Transfer-Encoding \"\(coding.prefix(80))\" is not one the host reads"))
        }
        guard code == Int32(FH_CURLE_OK) else { return .failed(code: code) }
        var code = 0
        fh_curl_easy_getinfo_long(easy, Int32(FH_CURLINFO_RESPONSE_CODE), &code)
        return .response(status: code, headers: headers, body: body)
    }

    // MARK: - curl's callbacks (the loop thread)

    private func write(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        guard stop == nil, !isCancelled else { return 0 }
        guard count <= limit - body.count else {
            stop = .bodyTooLarge
            return 0
        }
        // Without a length, room for the whole limit at once: untouched pages cost no memory, and the body never
        // moves (growing by doubling would hold the old and the new copy at once).
        if !reserved {
            body.reserveCapacity(limit)
            reserved = true
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { body.append($0, count: count) }
        return count
    }

    /// One header line at a time, the status line first; a blank line ends a head.
    private func header(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        headBytes += count
        guard headBytes <= Self.maximumHeadSize else {
            stop = .headTooLarge
            return 0
        }
        guard !headComplete else { return count }  // trailers after a chunked body
        let raw = UnsafeRawBufferPointer(start: data, count: count)
        if let fault = ResponseHeadLine.fault(in: raw) {
            stop = .malformedHead(fault)
            return 0
        }
        let line = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            headers = [:]
            return count
        }
        if !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return count }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            return count
        }
        // The end of a head: a 1xx is followed by the real one.
        if (100..<200).contains(status) { return count }
        headComplete = true
        return endOfHead() ? count : 0
    }

    /// Decides, before any of the body, whether to read it.
    private func endOfHead() -> Bool {
        if [301, 302, 303, 307, 308].contains(status), let location = headers["location"] {
            stop = .redirect(location: location, status: status)
            return false
        }
        // A HEAD, 204 or 304 reply announces the length of a body it does not send.
        if let declared = headers["content-length"], !expectsNoBody, status != 204, status != 304 {
            // A length that does not parse or overflows is as good as too large.
            let length = Int(declared.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? declared)
            guard let length, length >= 0, length <= limit else {
                stop = .bodyTooLarge
                return false
            }
            body.reserveCapacity(length)
            reserved = true
        }
        if let encoding = headers["content-encoding"] {
            let codings = encoding.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard codings.count <= 2, codings.allSatisfy(Self.acceptedEncodings.contains) else {
                stop = .encoding(String(encoding.prefix(80)))
                return false
            }
        }
        return true
    }

    /// Every address curl is about to connect to, after name resolution: the last word on where a request goes.
    private func openSocket(_ address: UnsafeMutablePointer<fh_curl_sockaddr>) -> Int32 {
        let family = address.pointee.family
        let length = Int(address.pointee.addrlen)
        let start = UnsafeRawPointer(address) + (MemoryLayout<fh_curl_sockaddr>.offset(of: \.addr) ?? 16)
        let parsed: HostAddress
        if family == AF_INET, length >= MemoryLayout<sockaddr_in>.size {
            let ip = start.loadUnaligned(as: sockaddr_in.self).sin_addr
            parsed = withUnsafeBytes(of: ip) { .ipv4(Array($0)) }
        } else if family == AF_INET6, length >= MemoryLayout<sockaddr_in6>.size {
            let ip = start.loadUnaligned(as: sockaddr_in6.self).sin6_addr
            parsed = withUnsafeBytes(of: ip) { .ipv6(Array($0)) }
        } else {
            parsed = .invalid
        }
        if let refusal = HTTPDestination.refusal(connectingTo: parsed, for: url, trusting: trustedOrigin) {
            stop = .refusedAddress(refusal)
            return -1
        }
        #if canImport(Glibc)
            // Close-on-exec: a plugin host started meanwhile must not inherit the connection.
            return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
        #else
            return socket(family, address.pointee.socktype, address.pointee.protocol)
        #endif
    }
}
