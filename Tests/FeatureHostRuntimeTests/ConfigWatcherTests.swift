import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import FeatureHostRuntime

/// Real files in a temporary directory, real inotify. Each step waits (bounded by `TestHost.idleTimeout`) for a
/// call that saw the new state of the file, so a late call from an earlier step is never taken for the next.
@Suite struct ConfigWatcherTests {
    let directory: TemporaryDirectory
    let config: URL

    init() throws {
        directory = try TemporaryDirectory("config-watch")
        config = try directory.write("v1", to: "featurehost.json")
    }

    func watch(_ file: URL? = nil, settle: Duration = .milliseconds(20)) throws -> (ConfigWatcher, Calls) {
        let calls = Calls(file: file ?? config)
        let watcher = try ConfigWatcher(file: file ?? config, settle: settle, trace: calls.trace) { calls.record() }
        return (watcher, calls)
    }

    func replace(_ url: URL, with text: String) throws {
        let fresh = directory.file(".\(url.lastPathComponent).new")
        try Data(text.utf8).write(to: fresh)
        #expect(rename(fresh.path, url.path) == 0)
    }

    @Test func anEditInPlaceNotifies() throws {
        let (watcher, calls) = try watch()
        defer { watcher.stop() }
        let handle = try FileHandle(forWritingTo: config)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("v2".utf8))
        try handle.close()
        #expect(calls.wait { $0.content == "v2" })
    }

    @Test func aNewFileRenamedOverNotifies() throws {
        let (watcher, calls) = try watch()
        defer { watcher.stop() }
        try replace(config, with: "v2")
        #expect(calls.wait { $0.content == "v2" })
    }

    @Test func aDeleteAndARecreateEachNotify() throws {
        let (watcher, calls) = try watch()
        defer { watcher.stop() }
        try FileManager.default.removeItem(at: config)
        #expect(calls.wait { !$0.exists })
        try directory.write("v3", to: "featurehost.json")
        #expect(calls.wait { $0.content == "v3" })
    }

    @Test func aSwappedLinkAndAnEditOfItsTargetNotify() throws {
        let first = try directory.write("first", to: "targets/a.json")
        try directory.write("second", to: "other/b.json")
        let link = directory.file("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "targets/a.json")
        let (watcher, calls) = try watch(link)
        defer { watcher.stop() }
        // The target edited in place, in another directory than the link's.
        try replace(first, with: "first, edited")
        #expect(calls.wait { $0.content == "first, edited" })
        // `ln -sf`'s safe form: a new link renamed over the old one.
        let fresh = directory.file(".link.new")
        try FileManager.default.createSymbolicLink(atPath: fresh.path, withDestinationPath: "other/b.json")
        #expect(rename(fresh.path, link.path) == 0)
        #expect(calls.wait { $0.content == "second" })
        // The new target is followed now, the old one no more.
        try replace(directory.file("other/b.json"), with: "second, edited")
        #expect(calls.wait { $0.content == "second, edited" })
    }

    @Test func aDirectoryInTheFilesPlaceNotifies() throws {
        let (watcher, calls) = try watch()
        defer { watcher.stop() }
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: false)
        #expect(calls.wait { $0.isDirectory })
    }

    @Test func aChangeOfPermissionsNotifies() throws {
        let (watcher, calls) = try watch()
        defer { watcher.stop() }
        #expect(chmod(config.path, 0) == 0)
        #expect(calls.wait { $0.permissions == 0 })
    }

    @Test func aHundredReplacementsGiveFewCallsAndOneAfterTheLast() throws {
        let (watcher, calls) = try watch(settle: .milliseconds(50))
        defer { watcher.stop() }
        for round in 1...100 { try replace(config, with: "round \(round)") }
        #expect(calls.wait { $0.content == "round 100" })
        #expect(calls.count < 50)
    }

    @Test func anotherFileInTheDirectoryDoesNotNotify() throws {
        let (watcher, calls) = try watch()
        defer { watcher.stop() }
        try directory.write("x", to: "featurehost.json.bak")
        try replace(directory.file("notes.txt"), with: "y")
        // Once the thread has read the events and found none about the config, no call is pending.
        #expect(calls.waitForTrace { $0 == .read(concernsConfig: false) })
        #expect(!calls.traces.contains(.read(concernsConfig: true)))
        #expect(calls.count == 0)
    }

    @Test func stopEndsTheThreadAndTheCalls() throws {
        let (watcher, calls) = try watch()
        watcher.stop()
        watcher.stop()
        #expect(calls.waitForTrace { $0 == .ended })
        let before = calls.count
        try replace(config, with: "after stop")
        // The thread has ended: nothing is left to call.
        #expect(calls.count == before)
    }

    @Test func releasingTheWatcherStopsIt() throws {
        var (watcher, calls): (ConfigWatcher?, Calls) = try watch()
        #expect(watcher != nil)
        watcher = nil
        #expect(calls.waitForTrace { $0 == .ended })
    }

    @Test func anUnwatchableDirectoryIsNamed() throws {
        let missing = directory.file("gone/featurehost.json")
        #expect(throws: ConfigWatchError.self) { try ConfigWatcher(file: missing) {} }
        do {
            _ = try ConfigWatcher(file: missing) {}
        } catch {
            #expect("\(error)".contains(directory.file("gone").path))
        }
        // A "directory" that is a regular file.
        let underFile = config.appendingPathComponent("x.json")
        #expect(throws: ConfigWatchError.self) { try ConfigWatcher(file: underFile) {} }
    }
}

/// The watcher's calls, each with what the file looked like when it was made, and the thread's trace.
final class Calls: Sendable {
    struct Seen: Sendable {
        var exists = false
        var isDirectory = false
        var content: String?
        var permissions: Int?
    }

    private let file: URL
    private let condition = NSCondition()
    private let state = Locked((seen: [Seen](), traces: [ConfigWatchTrace]()))

    init(file: URL) { self.file = file }

    var count: Int { state.withLock { $0.seen.count } }
    var traces: [ConfigWatchTrace] { state.withLock { $0.traces } }

    var trace: @Sendable (ConfigWatchTrace) -> Void {
        { [self] step in
            state.withLock { $0.traces.append(step) }
            signal()
        }
    }

    func record() {
        var seen = Seen()
        var isDirectory: ObjCBool = false
        seen.exists = FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
        seen.isDirectory = isDirectory.boolValue
        seen.content = (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) }
        seen.permissions = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.posixPermissions] as? Int
        state.withLock { $0.seen.append(seen) }
        signal()
    }

    /// Waits until some call saw what `matches` wants; false after `TestHost.idleTimeout`.
    func wait(until matches: (Seen) -> Bool) -> Bool {
        waitFor { $0.seen.contains(where: matches) }
    }

    func waitForTrace(_ matches: (ConfigWatchTrace) -> Bool) -> Bool {
        waitFor { $0.traces.contains(where: matches) }
    }

    private func waitFor(_ done: ((seen: [Seen], traces: [ConfigWatchTrace])) -> Bool) -> Bool {
        let limit = Date().addingTimeInterval(TestHost.idleTimeout)
        condition.lock()
        defer { condition.unlock() }
        while !state.withLock({ done($0) }) {
            guard condition.wait(until: limit) else { return state.withLock { done($0) } }
        }
        return true
    }

    private func signal() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}
