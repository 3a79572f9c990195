import FeatureHostCore
import Foundation

/// GETs a URL through the host's transport and decodes the body: as `format` when the config names one, else as the
/// reply's `Content-Type` says (`application/x-plist`: a property list), else as JSON. A non-2xx status is an
/// error naming it.
public struct HTTPSource<Record: Sendable>: DataSource {
    public let url: URL
    public let timeout: Double
    public let transport: any HTTPTransport
    public let decoder: PayloadDecoder<Record>
    /// The config's `source.format`; nil: the reply's `Content-Type` decides.
    public let format: PayloadFormat?
    /// A larger reply fails with `HTTPError.bodyTooLarge` while it arrives (and the saved copy, if any, is served).
    public let maximumBodySize: Int

    /// Ample for a feed (the spec's car-news reply is 3 KB; 10,000 articles are about 4 MB), and what bounds the
    /// memory one refresh can take.
    public static var defaultMaximumBodySize: Int { 16 * 1024 * 1024 }

    public init(
        url: URL, timeout: Double, transport: any HTTPTransport, decoder: PayloadDecoder<Record>,
        maximumBodySize: Int = defaultMaximumBodySize, format: PayloadFormat? = nil
    ) {
        self.url = url
        self.timeout = timeout
        self.transport = transport
        self.decoder = decoder
        self.maximumBodySize = maximumBodySize
        self.format = format
    }

    public func load() async throws -> Loaded<Record> {
        let reply = try await fetch()
        return Loaded(try decode(reply.body, as: reply.format))
    }

    /// The body of a 2xx reply, and the format to read it in.
    public func fetch() async throws -> (body: Data, format: PayloadFormat) {
        let accept =
            switch format {
            case .json: "application/json"
            case .plist: "application/x-plist"
            case nil: "application/json, application/x-plist;q=0.9"
            }
        let request = HTTPRequest(method: "GET", url: url, headers: ["Accept": accept], timeout: timeout, maximumBodySize: maximumBodySize)
        let response = try await transport.send(request)
        guard response.isSuccess else { throw HTTPError.status(response.status, url) }
        // A transport that does not bound replies itself (a test's, a plugin's) is bounded here.
        guard response.body.count <= maximumBodySize else { throw HTTPError.bodyTooLarge(url, limit: maximumBodySize) }
        let contentType = response.headers.first { $0.key.lowercased() == "content-type" }?.value
        return (response.body, format ?? PayloadFormat(contentType: contentType) ?? .json)
    }

    /// A saved reply (the payload cache keeps no `Content-Type`): the config's format, else what its bytes start like.
    public func decode(_ body: Data) throws -> Record {
        try decode(body, as: format ?? (XMLPropertyList.looksLikePropertyList(body) ? .plist : .json))
    }

    /// When a reply read as JSON is a property list, the error says so, and how to have it read as one.
    public func decode(_ body: Data, as given: PayloadFormat) throws -> Record {
        do {
            return try decoder.decode(body, given)
        } catch {
            var message = PayloadDecodingError(source: "The reply from \(url.absoluteString)", error: error).description
            if given == .json, XMLPropertyList.looksLikePropertyList(body) {
                message +=
                    " It is a property list, not JSON: serve it as application/x-plist, or set \"format\": \"plist\" in the source."
            }
            throw FeatureError(message)
        }
    }
}
