import FeatureHostCore
import Foundation

/// GETs a URL through the host's transport and decodes the JSON body. A non-2xx status is an error naming it.
public struct HTTPSource<Record: Sendable>: DataSource {
    public let url: URL
    public let timeout: Double
    public let transport: any HTTPTransport
    public let decoder: PayloadDecoder<Record>

    public init(url: URL, timeout: Double, transport: any HTTPTransport, decoder: PayloadDecoder<Record>) {
        self.url = url
        self.timeout = timeout
        self.transport = transport
        self.decoder = decoder
    }

    public func load() async throws -> Loaded<Record> {
        Loaded(try decode(try await fetch()))
    }

    /// The body of a 2xx reply.
    public func fetch() async throws -> Data {
        let request = HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"], timeout: timeout)
        let response = try await transport.send(request)
        guard response.isSuccess else { throw HTTPError.status(response.status, url) }
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
