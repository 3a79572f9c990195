import FeatureHostCore

/// Serves a value held in memory: a feature's bundled sample, or test data.
public struct InMemorySource<Record: Sendable>: DataSource {
    public let value: Record

    public init(_ value: Record) { self.value = value }

    public func load() async throws -> Loaded<Record> { Loaded(value) }
}
