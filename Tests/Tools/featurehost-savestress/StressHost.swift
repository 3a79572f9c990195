import DataSources
import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// The live environment `featurehost` builds at start, over the test's data directory: the same files, the same
/// key-value stores, the same storage folders.
struct StressHost {
    let environment: HostEnvironment

    init(dataDirectory: URL) {
        environment = HostEnvironment.live(
            dataDirectory: dataDirectory, locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC") ?? .current)
    }

    /// The feature's key-value store, as `FeatureContext` lends it.
    func keyValueStore(_ id: FeatureID) throws -> any KeyValueStore { try environment.keyValueStore(id) }

    /// A fixed save time per generation, so a reader can check it too.
    static func date(of generation: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(generation)) }
}
