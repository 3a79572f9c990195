// Temporary: the API the web-server and web-live branches deliver; deleted when they merge.
import FeatureHostCore

public final class HTTPResponder: Sendable {
    public func send(_ response: HTTPServerResponse) {}
    public func openStream(status: HTTPStatus = .ok, headers: [(String, String)]) -> HTTPStream { HTTPStream() }
}

public final class HTTPStream: Sendable {
    @discardableResult public func write(_ bytes: [UInt8]) -> Bool { false }
    public func close() {}
    public var isClosed: Bool { true }
    public func onClose(_ handler: @escaping @Sendable () -> Void) {}
}

public final class HTTPServer: Sendable {
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port: UInt16 = 0
        public var maxConnections = 256
        public var onRequestError: @Sendable (String) -> Void = { _ in }
        public init() {}
    }
    public static func start(
        _ configuration: Configuration, handler: @escaping @Sendable (HTTPServerRequest, HTTPResponder) -> Void
    ) throws -> HTTPServer { HTTPServer() }
    public var port: UInt16 { 0 }
    public func stop() {}
    public var connectionCount: Int { 0 }
}
