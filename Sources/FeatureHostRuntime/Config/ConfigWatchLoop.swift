#if os(Linux)
    import FeatureHostCore
    import Foundation
    import Glibc

    /// The thread behind a `ConfigWatcher`: blocked in `poll` on the inotify descriptor and a wake pipe, it
    /// turns the events that concern the config into coalesced `onChange` calls. It owns the descriptors and
    /// closes them when the last reference (the watcher's or the thread's) goes, so `stop` never writes to a
    /// descriptor that was closed and reused.
    ///
    /// A removed or moved config directory is reported once as a change; its watch is then gone, and it is
    /// followed again only if a later event from another watched directory (a link's target) re-adds it, or
    /// after a restart. Watching the grandparent to catch the directory's return is not worth its cost here.
    final class ConfigWatchLoop: Sendable {
        static let mask: UInt32 =
            UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
            | UInt32(IN_ATTRIB) | UInt32(IN_MODIFY) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        /// Bits that mean the watch itself is gone.
        static let watchGone = UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_UNMOUNT)
        /// One read's bound: room for many records (each at most 16 bytes + NAME_MAX + 1).
        static let bufferSize = 16 * 1024
        /// Reads per wake-up at most, so a flood cannot keep the thread from checking its deadline and stop.
        static let readsPerWake = 16

        let path: String
        let settle: Duration
        private let inotify: Int32
        private let wakeRead: Int32
        private let wakeWrite: Int32
        private let initialWatches: Watches
        private let onChange: @Sendable () -> Void
        /// What the thread does, for tests that must know an event was read and found to be no change.
        private let trace: (@Sendable (ConfigWatchTrace) -> Void)?
        private let stopped = Locked(false)
        /// Held while `onChange` runs and by `stop`, so no call starts or is still running once `stop` returns;
        /// recursive so `onChange` may itself call `stop`.
        private let callbackLock = NSRecursiveLock()

        init(
            path: String, settle: Duration, trace: (@Sendable (ConfigWatchTrace) -> Void)? = nil,
            onChange: @escaping @Sendable () -> Void
        ) throws {
            guard let entry = ConfigPathChain.split(path) else {
                throw ConfigWatchError("cannot follow \(path): it names no file")
            }
            let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard inotify >= 0 else {
                throw ConfigWatchError("cannot follow \(path): inotify_init1 failed: \(Self.lastError())")
            }
            let mainWatch = inotify_add_watch(inotify, entry.directory, Self.mask)
            guard mainWatch >= 0 else {
                let reason = Self.lastError()
                close(inotify)
                throw ConfigWatchError("cannot watch the directory \(entry.directory) for changes to \(path): \(reason)")
            }
            var ends: [Int32] = [-1, -1]
            // Not inherited by a plugin child, and a wake write never blocks `stop`.
            guard pipe(&ends) == 0, ends.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }),
                fcntl(ends[1], F_SETFL, O_NONBLOCK) == 0
            else {
                for end in ends where end >= 0 { close(end) }
                let reason = Self.lastError()
                close(inotify)
                throw ConfigWatchError("cannot follow \(path): cannot make the wake pipe: \(reason)")
            }
            self.path = path
            self.settle = settle
            self.inotify = inotify
            var watches = Watches(names: [mainWatch: [entry.name]], main: mainWatch)
            Self.refresh(&watches, inotify: inotify, path: path)
            self.initialWatches = watches
            self.wakeRead = ends[0]
            self.wakeWrite = ends[1]
            self.onChange = onChange
            self.trace = trace
        }

        deinit {
            close(inotify)
            close(wakeRead)
            close(wakeWrite)
        }

        func start() {
            let thread = Thread { [self] in run() }
            thread.name = "featurehost.config.watch"
            thread.start()
        }

        func stop() {
            let first = stopped.withLock { stopped in
                defer { stopped = true }
                return !stopped
            }
            if first {
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
            }
            // Waits out a call in flight (a no-op on the watcher's own thread: the lock is recursive).
            callbackLock.lock()
            callbackLock.unlock()
        }

        private var isStopped: Bool { stopped.withLock { $0 } }

        private func run() {
            defer { trace?(.ended) }
            let start = ContinuousClock.now
            func now() -> Duration { ContinuousClock.now - start }
            var coalescer = ChangeCoalescer(settle: settle)
            var watches = initialWatches
            var buffer = [UInt8](repeating: 0, count: Self.bufferSize)
            while !isStopped {
                var descriptors = [
                    pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                ]
                let timeout = coalescer.nextDeadline.map { Self.milliseconds($0 - now()) } ?? -1
                let ready = poll(&descriptors, 2, timeout)
                if ready < 0 {
                    guard errno == EINTR else { return }
                    continue
                }
                if descriptors[1].revents != 0 { return }
                if descriptors[0].revents & Int16(POLLIN) != 0 {
                    let changed = drain(&buffer, &watches)
                    if changed {
                        coalescer.event(at: now())
                        Self.refresh(&watches, inotify: inotify, path: path)
                    }
                    trace?(.read(concernsConfig: changed))
                } else if descriptors[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                    return
                }
                if coalescer.take(at: now()) { deliver() }
            }
        }

        private func deliver() {
            callbackLock.lock()
            defer { callbackLock.unlock() }
            guard !isStopped else { return }
            onChange()
        }

        /// Reads what is queued; true when any record concerns the config.
        private func drain(_ buffer: inout [UInt8], _ watches: inout Watches) -> Bool {
            var changed = false
            for _ in 0..<Self.readsPerWake {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                for record in InotifyRecord.parse(buffer[0..<min(count, buffer.count)]) {
                    if concerns(record, &watches) { changed = true }
                }
            }
            return changed
        }

        private func concerns(_ record: InotifyRecord, _ watches: inout Watches) -> Bool {
            // The kernel dropped events: something may have changed.
            if record.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
            guard let names = watches.names[record.watch] else { return false }
            if record.mask & Self.watchGone != 0, record.name.isEmpty {
                watches.names[record.watch] = nil
                if watches.main == record.watch { watches.main = nil }
                return true
            }
            return names.contains(record.name)
        }

        /// The watches that matter: each maps to the names in its directory that concern the config.
        struct Watches: Sendable {
            var names: [Int32: Set<[UInt8]>] = [:]
            /// The config's own directory's watch, while it lasts.
            var main: Int32?
        }

        /// Watches the directory of every entry on the way from the config path to its file (links re-read now),
        /// and drops the watches no longer on that way. A directory that cannot be watched is skipped (the
        /// config's own directory was checked at start); the config's directory keeps the watch it has.
        static func refresh(_ watches: inout Watches, inotify: Int32, path: String) {
            var wanted: [Int32: Set<[UInt8]>] = [:]
            var main: Int32?
            for (index, entry) in ConfigPathChain.entries(of: path).enumerated() {
                let watch: Int32
                if index == 0, let kept = watches.main {
                    watch = kept
                } else {
                    watch = inotify_add_watch(inotify, entry.directory, mask)
                }
                guard watch >= 0 else { continue }
                if index == 0 { main = watch }
                wanted[watch, default: []].insert(entry.name)
            }
            for watch in watches.names.keys where wanted[watch] == nil {
                inotify_rm_watch(inotify, watch)
            }
            watches = Watches(names: wanted, main: main)
        }

        /// A `poll` timeout for `interval`, rounded up so the thread never wakes just before a deadline.
        static func milliseconds(_ interval: Duration) -> Int32 {
            guard interval > .zero else { return 0 }
            let (seconds, attoseconds) = interval.components
            let whole = seconds.multipliedReportingOverflow(by: 1000)
            guard !whole.overflow, whole.partialValue < Int64(Int32.max) else { return Int32.max }
            let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(clamping: whole.partialValue + fraction)
        }

        private static func lastError() -> String { String(cString: strerror(errno)) }
    }
#endif
