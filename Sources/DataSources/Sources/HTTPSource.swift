import FeatureHostCore
import Foundation

/// GETs a URL through the host's transport and decodes the JSON body. A non-2xx status is an error naming it.
public struct HTTPSource<Record: Sendable>: DataSource {
    public let url: URL
    public let timeout: Double
    public let transport: any HTTPTransport
    public let decoder: PayloadDecoder<Record>
    /// A larger reply fails with `HTTPError.bodyTooLarge` while it arrives (and the saved copy, if any, is served).
    public let maximumBodySize: Int

    /// Ample for a feed (the spec's car-news reply is 3 KB; 10,000 articles are about 4 MB), and what bounds the
    /// memory one refresh can take.
    public static var defaultMaximumBodySize: Int { 16 * 1024 * 1024 }

    public init(
        url: URL, timeout: Double, transport: any HTTPTransport, decoder: PayloadDecoder<Record>,
        maximumBodySize: Int = defaultMaximumBodySize
    ) {
        self.url = url
        self.timeout = timeout
        self.transport = transport
        self.decoder = decoder
        self.maximumBodySize = maximumBodySize
    }

    public func load() async throws -> Loaded<Record> {
        Loaded(try decode(try await fetch()))
    }

    /// The body of a 2xx reply.
    public func fetch() async throws -> Data {
        let request = HTTPRequest(
            method: "GET", url: url, headers: ["Accept": "application/json"], timeout: timeout, maximumBodySize: maximumBodySize)
        let response = try await transport.send(request)
        guard response.isSuccess else { throw HTTPError.status(response.status, url) }
        // A transport that does not bound replies itself (a test's, a plugin's) is bounded here.
        guard response.body.count <= maximumBodySize else { throw HTTPError.bodyTooLarge(url, limit: maximumBodySize) }
        return response.body
    }

    public func decode(_ body: Data) throws -> Record {
        do {
            return try decoder.decode(body, .json)
        } catch {
            throw FeatureError(PayloadDecodingError(source: "The reply from \(url.absoluteString)", error: error).description)
        }
    }
}
