import Foundation

/// Loads a feature's records. Implementations by kind live in the DataSources module.
public protocol DataSource<Output>: Sendable {
    associatedtype Output: Sendable
    func load() async throws -> Output
}

/// Where a loaded value came from.
public enum DataOrigin: Sendable, Equatable {
    /// Read just now from the source.
    case fresh
    /// The source failed (`reason`), so the copy saved at `savedAt` was served.
    case cached(savedAt: Date, reason: String)
}

/// A loaded value, whether it is fresh or a saved copy, and anything the person should be told about how it
/// was obtained.
public struct Loaded<Value: Sendable>: Sendable {
    public var value: Value
    public var origin: DataOrigin
    /// Sentences for the person, each reported by the one load it concerns (e.g. that a damaged cache file
    /// was moved aside and where to); empty almost always. A presenter shows them beside the data.
    public var notices: [String]

    public init(_ value: Value, origin: DataOrigin = .fresh, notices: [String] = []) {
        self.value = value
        self.origin = origin
        self.notices = notices
    }

    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> Loaded<T> {
        Loaded<T>(try transform(value), origin: origin, notices: notices)
    }
}

extension Loaded: Equatable where Value: Equatable {}

/// A type-erased source, so a presenter holds one regardless of the configured kind.
public struct AnyDataSource<Output: Sendable>: DataSource {
    private let loader: @Sendable () async throws -> Output

    public init<Source: DataSource>(_ source: Source) where Source.Output == Output {
        loader = { try await source.load() }
    }

    public init(_ load: @escaping @Sendable () async throws -> Output) {
        loader = load
    }

    public func load() async throws -> Output { try await loader() }
}
