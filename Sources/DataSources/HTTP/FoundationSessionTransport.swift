import FeatureHostCore
import Foundation

// Not on Linux: FoundationNetworking needs libcurl.so.4 to load at all, so where libcurl is missing this fallback could
// never run, and importing it would link FoundationNetworking with libcurl, TLS and Kerberos (32 more shared libraries)
// into every command, `list` and `validate` included, which never send a request (docs/architecture.md, Start-up).
#if !os(Linux)
    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The fallback where libcurl cannot be loaded (iOS): URLSession with a whole-request deadline and the size limit
    /// checked once the body has arrived, which bounds what the host keeps, not what URLSession reads. Redirects are
    /// URLSession's own; only the first URL is checked (`LiveHTTPTransport.send`).
    struct FoundationSessionTransport: HTTPTransport {
        var maximumBodySize: Int
        private static let session: URLSession = {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            return URLSession(configuration: configuration)
        }()
        private var session: URLSession { Self.session }

        init(maximumBodySize: Int) {
            self.maximumBodySize = maximumBodySize
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            let finalRequest = urlRequest
            let (data, response) = try await withDeadline(request) { [session] in try await Self.data(for: finalRequest, in: session) }
            guard let http = response as? HTTPURLResponse else {
                throw HTTPError.failed(request.url, reason: "the reply was not HTTP")
            }
            guard data.count <= maximumBodySize else { throw HTTPError.bodyTooLarge(request.url, limit: maximumBodySize) }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        }

        /// A data task with a completion handler. Cancelling it happens on a queue of its own: FoundationNetworking
        /// can deadlock when `cancel()` meets a task that is failing at that moment (swift-corelibs-foundation
        /// #5412), and `session.data(for:)` cancels on the cancelling thread, which is the main actor when a
        /// presenter goes (a page closed, `serve` stopping). Here at worst that one queue's thread waits.
        private static func data(for request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
            let handle = DataTaskHandle()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), Error>) in
                    let task = session.dataTask(with: request) { data, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else if let response {
                            continuation.resume(returning: (data ?? Data(), response))
                        } else {
                            continuation.resume(throwing: URLError(.badServerResponse))
                        }
                    }
                    handle.start(task)
                }
            } onCancel: {
                handle.cancel()
            }
        }

        /// FoundationNetworking on Linux does not apply `URLRequest.timeoutInterval` to a server that accepts and
        /// then stays silent, so the timeout is enforced here as a whole-request deadline on both platforms.
        private func withDeadline(
            _ request: HTTPRequest, _ operation: @escaping @Sendable () async throws -> (Data, URLResponse)
        ) async throws -> (Data, URLResponse) {
            let url = request.url
            let timeout = request.timeout
            do {
                return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
                    group.addTask { try await operation() }
                    group.addTask {
                        // Deadline's own rule: a timeout that is not a positive finite number has passed.
                        let milliseconds = Deadline(seconds: timeout).remainingMilliseconds ?? 0
                        try await Task.sleep(for: .milliseconds(milliseconds))
                        return nil
                    }
                    defer { group.cancelAll() }
                    guard let first = try await group.next(), let result = first else {
                        throw HTTPError.timedOut(url, seconds: timeout)
                    }
                    return result
                }
            } catch let error as HTTPError {
                throw error
            } catch {
                throw Self.map(error, url: url, timeout: timeout)
            }
        }

        static func map(_ error: Error, url: URL, timeout: Double) -> HTTPError {
            if error is CancellationError { return .cancelled(url) }
            guard let urlError = error as? URLError else { return .failed(url, reason: error.userFacingMessage) }
            switch urlError.code {
            case .timedOut: return .timedOut(url, seconds: timeout)
            case .cannotConnectToHost: return .cannotConnect(url, reason: "the connection was refused")
            case .cannotFindHost, .dnsLookupFailed: return .cannotConnect(url, reason: "the host name could not be found")
            case .notConnectedToInternet, .networkConnectionLost:
                return .cannotConnect(url, reason: "there is no network connection")
            case .cancelled: return .cancelled(url)
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
                return .cannotConnect(url, reason: "a secure connection could not be made")
            default: return .failed(url, reason: urlError.localizedDescription)
            }
        }
    }

    /// The one data task of a request, so a cancellation that comes before the task exists still cancels it.
    private final class DataTaskHandle: @unchecked Sendable {
        // @unchecked: `task` and `isCancelled` are only touched while `lock` is held (Darwin only, not built on Linux).
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var isCancelled = false
        private static let cancelQueue = DispatchQueue(label: "featurehost.transport.cancel")

        func start(_ task: URLSessionDataTask) {
            let cancelled = lock.withLock {
                self.task = task
                return isCancelled
            }
            task.resume()
            if cancelled { Self.cancelQueue.async { task.cancel() } }
        }

        func cancel() {
            let task = lock.withLock {
                isCancelled = true
                return self.task
            }
            if let task { Self.cancelQueue.async { task.cancel() } }
        }
    }
#endif
