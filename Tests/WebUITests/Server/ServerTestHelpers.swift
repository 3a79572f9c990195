import FeatureHostCore

/// A value any thread may set and the test may read: the core's lock box, with the names these tests use.
extension Locked where Value: Sendable {
    func withValue<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        withLock { value in body(&value) }
    }

    var current: Value { withLock { $0 } }
}

func get(_ path: String, close: Bool = false) -> String {
    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(close ? "Connection: close\r\n" : "")\r\n"
}
