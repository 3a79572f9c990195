import Foundation
import Testing

/// Runs each test of a suite on a thread of its own rather than on Swift's cooperative pool.
///
/// The pool has as many threads as cores (two here) and `swift test` starts every test at once, so a test that
/// awaits something real (a pseudo-terminal's event, a child process) is resumed only when its turn in the pool
/// comes, behind every other test's work: its wall time becomes the whole suite's, and a `.timeLimit` meant to
/// catch a hang fires on a loaded machine instead. On a thread of its own its awaits resume as soon as what they
/// wait for happens. For suites whose tests block or wait in real time; pure tests need none of this.
package struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite and a test as a whole have no body of their own to move: each test case gets the thread.
        guard testCase != nil else { return try await function() }
        guard #available(macOS 15, iOS 18, *) else { return try await function() }  // platform-audit: guarded
        let executor = ThreadTaskExecutor(name: "test \(test.name)")
        defer { executor.finish() }
        try await withTaskExecutorPreference(executor) { try await function() }  // platform-audit: guarded
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test on a thread of its own: its awaits never queue behind the rest of the suite (`OwnThreadTrait`).
    package static var onItsOwnThread: Self { OwnThreadTrait() }
}

/// A task executor that runs its jobs in order on one thread, started when a job comes and ended after `finish()`
/// once no job is left (a job that still comes later starts it again, so no task is ever left unresumed).
@available(macOS 15, iOS 18, *)  // platform-audit: guarded
final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {  // platform-audit: guarded
    // @unchecked: every field below is only touched with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false
    private var threadRunning = false
    private let name: String

    init(name: String) { self.name = name }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let startThread = condition.withLock {
            jobs.append(job)
            condition.signal()
            defer { threadRunning = true }
            return !threadRunning
        }
        guard startThread else { return }
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func finish() {
        condition.withLock {
            finished = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            let next: UnownedJob? = condition.withLock {
                while jobs.isEmpty && !finished { condition.wait() }
                if jobs.isEmpty { threadRunning = false }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
