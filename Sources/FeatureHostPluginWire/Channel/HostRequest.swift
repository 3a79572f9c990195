/// What the host asks a `featurehost-plugin-host` child, one request per frame, each answered by one `ChannelReply`
/// with the same request id (except `destroy`, which nothing waits for). The payloads are the table's own
/// encodings (context and page events as JSON, keys as terminal bytes).
public enum HostRequest: Equatable, Sendable {
    /// The first request: the protocol version, the library to load and the bounds on what the child accepts
    /// from the plugin. Answered with the manifest's JSON, or why the library could not be loaded.
    case hello(Hello)
    /// The web files' list as JSON.
    case webAssets
    case create(instance: UInt32, context: [UInt8])
    case destroy(instance: UInt32)
    case openScene(instance: UInt32)
    case openWebScene(instance: UInt32)
    case render(instance: UInt32, width: Int32, height: Int32)
    case key(instance: UInt32, bytes: [UInt8])
    case lifecycle(instance: UInt32, code: Int32)
    case advance(instance: UInt32, Advance)
    case renderHTML(instance: UInt32)
    case pageEvent(instance: UInt32, json: [UInt8])
    /// Answered from the child's main queue: a child that does not answer is hung.
    case ping
    /// The user's conventions changed (`ConventionsWire`'s JSON): answered with 1 when the instance formatted again in
    /// place, 0 when it cannot (its library has no reformat entry, or its feature cannot) and must be made again.
    case reformat(instance: UInt32, conventions: [UInt8])

    public struct Hello: Equatable, Sendable {
        public static let protocolVersion: UInt32 = 1

        public var version: UInt32
        public var library: [UInt8]
        public var limits: OutputLimits

        public init(version: UInt32 = Hello.protocolVersion, library: String, limits: OutputLimits) {
            self.version = version
            self.library = Array(library.utf8)
            self.limits = limits
        }
    }

    /// The most the child keeps of each thing a plugin writes; past it the call's answer says so.
    public struct OutputLimits: Equatable, Sendable {
        public var manifestBytes: Int64
        public var assetListBytes: Int64
        public var errorMessageBytes: Int64
        public var frameBytes: Int64
        public var keyHintBytes: Int64
        public var htmlBytes: Int64

        public init(manifestBytes: Int, assetListBytes: Int, errorMessageBytes: Int, frameBytes: Int, keyHintBytes: Int, htmlBytes: Int) {
            self.manifestBytes = Int64(manifestBytes)
            self.assetListBytes = Int64(assetListBytes)
            self.errorMessageBytes = Int64(errorMessageBytes)
            self.frameBytes = Int64(frameBytes)
            self.keyHintBytes = Int64(keyHintBytes)
            self.htmlBytes = Int64(htmlBytes)
        }

        /// The largest single payload a reply may carry under these limits, plus room for the rest of it.
        public var largestReply: Int {
            let largest = [manifestBytes, assetListBytes, errorMessageBytes, frameBytes, keyHintBytes, htmlBytes].max() ?? 0
            return Int(clamping: largest) &+ ChannelReply.overheadBytes
        }
    }

    /// Horizon batching: move the plugin's clock to `first`, then on through each next deadline of its own
    /// that is before `horizon` (when not negative) and not after `limit`, at most `maximumSteps` of them. The
    /// reply lists each instant reached with the frames requested there, so the host replays them in order.
    public struct Advance: Equatable, Sendable {
        public var first: Int64
        public var horizon: Int64
        public var limit: Int64
        public var maximumSteps: UInt32

        public init(first: Int64, horizon: Int64, limit: Int64, maximumSteps: UInt32) {
            self.first = first
            self.horizon = horizon
            self.limit = limit
            self.maximumSteps = maximumSteps
        }
    }

    enum Kind: UInt8 {
        case hello = 1, webAssets, create, destroy, openScene, openWebScene, render, key, lifecycle, advance, renderHTML
        case pageEvent, ping, reformat
    }

    /// The instance the request is for; nil for requests about the library.
    public var instance: UInt32? {
        switch self {
        case .hello, .webAssets, .ping: return nil
        case .create(let instance, _), .destroy(let instance), .openScene(let instance), .openWebScene(let instance),
            .render(let instance, _, _), .key(let instance, _), .lifecycle(let instance, _), .advance(let instance, _),
            .renderHTML(let instance), .pageEvent(let instance, _), .reformat(let instance, _):
            return instance
        }
    }

    /// Where a plugin was when it failed, for messages: "in render", "while handling a key".
    public var during: String {
        switch self {
        case .hello: return "while loading"
        case .webAssets: return "while listing its web files"
        case .create: return "in create"
        case .destroy: return "in destroy"
        case .openScene: return "in appear"
        case .openWebScene: return "while opening its web scene"
        case .render: return "in render"
        case .key: return "while handling a key"
        case .lifecycle: return "while handling a lifecycle event"
        case .advance: return "while advancing its clock"
        case .renderHTML: return "in render_html"
        case .pageEvent: return "while handling a page event"
        case .ping: return "while answering a ping"
        case .reformat: return "while formatting again for new conventions"
        }
    }

    /// The call, for "did not answer render within …".
    public var name: String {
        switch self {
        case .hello: return "loading"
        case .webAssets: return "assets"
        case .create: return "create"
        case .destroy: return "destroy"
        case .openScene: return "appear"
        case .openWebScene: return "open_web_scene"
        case .render: return "render"
        case .key: return "handle_key"
        case .lifecycle: return "handle_lifecycle"
        case .advance: return "advance"
        case .renderHTML: return "render_html"
        case .pageEvent: return "handle_page_event"
        case .ping: return "ping"
        case .reformat: return "reformat"
        }
    }

    public func frame(requestID: UInt32) -> ChannelFrame {
        var writer = WireWriter()
        let kind: Kind
        switch self {
        case .hello(let hello):
            kind = .hello
            writer.u32(hello.version)
            writer.blob(hello.library)
            for limit in [
                hello.limits.manifestBytes, hello.limits.assetListBytes, hello.limits.errorMessageBytes, hello.limits.frameBytes,
                hello.limits.keyHintBytes, hello.limits.htmlBytes,
            ] { writer.i64(limit) }
        case .webAssets: kind = .webAssets
        case .create(let instance, let context):
            kind = .create
            writer.u32(instance)
            writer.blob(context)
        case .destroy(let instance):
            kind = .destroy
            writer.u32(instance)
        case .openScene(let instance):
            kind = .openScene
            writer.u32(instance)
        case .openWebScene(let instance):
            kind = .openWebScene
            writer.u32(instance)
        case .render(let instance, let width, let height):
            kind = .render
            writer.u32(instance)
            writer.i32(width)
            writer.i32(height)
        case .key(let instance, let bytes):
            kind = .key
            writer.u32(instance)
            writer.blob(bytes)
        case .lifecycle(let instance, let code):
            kind = .lifecycle
            writer.u32(instance)
            writer.i32(code)
        case .advance(let instance, let advance):
            kind = .advance
            writer.u32(instance)
            writer.i64(advance.first)
            writer.i64(advance.horizon)
            writer.i64(advance.limit)
            writer.u32(advance.maximumSteps)
        case .renderHTML(let instance):
            kind = .renderHTML
            writer.u32(instance)
        case .pageEvent(let instance, let json):
            kind = .pageEvent
            writer.u32(instance)
            writer.blob(json)
        case .ping: kind = .ping
        case .reformat(let instance, let conventions):
            kind = .reformat
            writer.u32(instance)
            writer.blob(conventions)
        }
        return ChannelFrame(kind: kind.rawValue, requestID: requestID, payload: writer.bytes)
    }

    /// The request a frame from the host carries; an error names what is wrong with it.
    public static func decode(_ frame: ChannelFrame) throws(ChannelError) -> HostRequest {
        guard let kind = Kind(rawValue: frame.kind) else { throw ChannelError("an unknown request kind \(frame.kind)") }
        var reader = WireReader(frame.payload, what: "the request")
        let request: HostRequest
        switch kind {
        case .hello:
            let version = try reader.u32("version")
            let library = try reader.blob("library path")
            var values: [Int64] = []
            for _ in 0..<6 { values.append(try reader.i64("limits")) }
            var hello = Hello(
                library: "",
                limits: OutputLimits(
                    manifestBytes: 0, assetListBytes: 0, errorMessageBytes: 0, frameBytes: 0, keyHintBytes: 0, htmlBytes: 0))
            hello.version = version
            hello.library = library
            hello.limits = OutputLimits(
                manifestBytes: Int(clamping: values[0]), assetListBytes: Int(clamping: values[1]),
                errorMessageBytes: Int(clamping: values[2]),
                frameBytes: Int(clamping: values[3]), keyHintBytes: Int(clamping: values[4]), htmlBytes: Int(clamping: values[5]))
            request = .hello(hello)
        case .webAssets: request = .webAssets
        case .create: request = .create(instance: try reader.u32("instance"), context: try reader.blob("context"))
        case .destroy: request = .destroy(instance: try reader.u32("instance"))
        case .openScene: request = .openScene(instance: try reader.u32("instance"))
        case .openWebScene: request = .openWebScene(instance: try reader.u32("instance"))
        case .render:
            request = .render(instance: try reader.u32("instance"), width: try reader.i32("width"), height: try reader.i32("height"))
        case .key: request = .key(instance: try reader.u32("instance"), bytes: try reader.blob("key"))
        case .lifecycle: request = .lifecycle(instance: try reader.u32("instance"), code: try reader.i32("event"))
        case .advance:
            let instance = try reader.u32("instance")
            request = .advance(
                instance: instance,
                Advance(
                    first: try reader.i64("first instant"), horizon: try reader.i64("horizon"), limit: try reader.i64("limit"),
                    maximumSteps: try reader.u32("step limit")))
        case .renderHTML: request = .renderHTML(instance: try reader.u32("instance"))
        case .pageEvent: request = .pageEvent(instance: try reader.u32("instance"), json: try reader.blob("page event"))
        case .ping: request = .ping
        case .reformat: request = .reformat(instance: try reader.u32("instance"), conventions: try reader.blob("conventions"))
        }
        try reader.end()
        return request
    }
}
