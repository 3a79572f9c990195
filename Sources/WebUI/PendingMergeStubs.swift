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

public enum PatchOp: Sendable, Equatable {
    case text(path: [Int], text: String)
    case attributes(path: [Int], tag: String, set: [String: String], remove: [String])
    case replace(path: [Int], html: String)
    case morph(path: [Int], tag: String, html: String)
}

public enum HTMLDiff {
    public static func ops(from old: HTML, to new: HTML) -> [PatchOp] { old == new ? [] : resync(to: new) }
    public static func resync(to new: HTML) -> [PatchOp] { [.morph(path: [], tag: "main", html: new.render())] }
}

public struct PatchMessage: Sendable, Equatable {
    public var from: Int
    public var to: Int
    public var ops: [PatchOp]
    public init(from: Int, to: Int, ops: [PatchOp]) {
        self.from = from
        self.to = to
        self.ops = ops
    }
    public var json: String { "{}" }
}

public struct ClientHello: Sendable, Equatable {
    public var hourCycle: String?
    public var timeZone: String?
    public var visible: Bool
}

public enum ClientMessage: Sendable, Equatable {
    case event(PageEvent)
    case hello(ClientHello)
    case visibility(visible: Bool)
    public static func decode(_ body: [UInt8]) throws -> ClientMessage { .visibility(visible: true) }
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
