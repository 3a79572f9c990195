import DataSources
import FeatureHostCore

/// The transport every command uses: URLSession.
enum LiveTransport {
    static func make() -> any HTTPTransport { URLSessionTransport() }
}
