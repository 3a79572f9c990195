import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RunningHosts {
    /// This process's `<pid>.host` file: removed by `unregister()` (once; again is a no-op) or when released.
    public final class Registration: Sendable {
        public let file: URL
        private let registered = Locked(true)

        init(file: URL) { self.file = file }

        public func unregister() {
            let wasRegistered = registered.withLock { registered in
                defer { registered = false }
                return registered
            }
            if wasRegistered { unlink(file.path) }
        }

        deinit { unregister() }
    }
}
