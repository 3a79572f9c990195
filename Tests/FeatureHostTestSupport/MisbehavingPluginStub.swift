import FeatureHostTesting
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A C plugin (`Tests/PluginStubs/misbehaving_plugin.c`) that works (it ticks once a second on the host's clock
/// and draws "Ticks: N") except for the misbehaviours it is built with, one `#define` each, to show how the
/// host bounds each. It also exports test hooks that play the plugin's other threads at a moment the test
/// chooses (`PluginStubs.run`).
package enum MisbehavingPluginStub {
    package enum Behaviour: String, Sendable, CaseIterable {
        /// `create` dereferences NULL.
        case segfaultInCreate = "CRASH_SEGV"
        /// `create` calls `abort()`.
        case abortInCreate = "CRASH_ABORT"
        /// `create` writes its error from another thread, then returns NULL.
        case createFailsFromThread = "CREATE_FAILS_FROM_THREAD"
        /// `advance` never calls `done` (the hook `stub_call_saved_done_twice` calls it late); `is_advancing` says 1.
        case advanceNeverDone = "ADVANCE_NEVER_DONE"
        /// `advance` moves the clock, asks for a frame and calls `done` on a thread of its own.
        case advanceDoneFromThread = "ADVANCE_DONE_FROM_THREAD"
        /// `render` writes 256 MiB.
        case hugeFrame = "HUGE_FRAME"
        /// `render` writes a valid 2000×2000 frame (4 million cells) in a few bytes.
        case hugeFrameCells = "HUGE_FRAME_CELLS"
        /// `key_hints` writes 2 MiB.
        case hugeKeyHints = "HUGE_KEY_HINTS"
        /// `render_html` writes 16 MiB.
        case hugeHTML = "HUGE_HTML"
        /// Exports the web entry: its page shows "Ticks: N" and a Poke button.
        case webEntry = "HAS_WEB"
        /// With `webEntry`: the web table says web ABI version 99, which this host does not know.
        case futureWebABI = "FUTURE_WEB_ABI"
        /// Writes a "Fatal error" line as the Swift runtime does, then traps (SIGILL), in one call each.
        case trapInCreate = "TRAP_IN_CREATE"
        case trapInAppear = "TRAP_IN_APPEAR"
        case trapInKey = "TRAP_IN_KEY"
        case trapInRender = "TRAP_IN_RENDER"
        /// From the tick at 2 s on.
        case trapInTick = "TRAP_IN_TICK"
        case trapInLifecycle = "TRAP_IN_LIFECYCLE"
        case trapInHTML = "TRAP_IN_HTML"
        case trapInPageEvent = "TRAP_IN_PAGE_EVENT"
        /// A thread of its own traps 0.2 s after appear, while the host calls nothing.
        case trapLater = "TRAP_LATER"
        /// Queues a job on its process's main queue at appear that never ends: the next ping goes unanswered.
        case hangLater = "HANG_LATER"
        /// Never returns, in one call each.
        case hangInCreate = "HANG_IN_CREATE"
        case hangInAppear = "HANG_IN_APPEAR"
        case hangInKey = "HANG_IN_KEY"
        case hangInRender = "HANG_IN_RENDER"
        /// From the tick at 2 s on.
        case hangInTick = "HANG_IN_TICK"
        case hangInLifecycle = "HANG_IN_LIFECYCLE"
        case hangInHTML = "HANG_IN_HTML"
        case hangInPageEvent = "HANG_IN_PAGE_EVENT"
        /// Answers every call of one kind after 0.3 s of real time: under any deadline, never a hang, yet slow.
        case slowRender = "SLOW_RENDER"
        case slowHTML = "SLOW_HTML"
        case slowPageEvent = "SLOW_PAGE_EVENT"
        /// Takes 1.5 s of real time for each key; takes Enter (its frame counts them: "Ticks: N Keys: K") and no other.
        case slowKey = "SLOW_KEY"
        /// Takes Esc without naming it: its key hints say so in `KeyHintsWire`'s object form.
        case keepsEscape = "KEEPS_ESCAPE"
        /// Takes 8 MiB a tick, and from appear on 16 MiB every 20 ms on a thread, never given back.
        case leak = "LEAK"
        /// `render` calls `exit(7)`.
        case exitInRender = "EXIT_IN_RENDER"
        /// `render_html` calls `exit(7)`.
        case exitInHTML = "EXIT_IN_HTML"
        /// `render` writes a "Fatal error" line, then never returns: a crash whose report outlasts the deadline.
        case slowCrashInRender = "SLOW_CRASH_IN_RENDER"
        /// `render` and `render_html` print a line to stdout and one to stderr.
        case standardOutput = "STDOUT"
        /// A constructor traps while the library is loaded.
        case crashInStaticInitializer = "CRASH_IN_STATIC_INITIALIZER"
        /// `render` writes a header for a 4 GiB message to the host's channel (descriptor 3 of its process).
        case garbageInRender = "GARBAGE_IN_RENDER"
        /// `create` forks a process that stays in the plugin's process group and one that calls `setsid`; both wait
        /// for ever. Their pids go to the report file (`pid N` lines).
        case forkChildren = "FORK_CHILDREN"
        /// `create` writes its process's environment (`env NAME=VALUE`) and open descriptors (`fd N TARGET`) to the
        /// report file.
        case reportEnvironment = "REPORT_ENVIRONMENT"
    }

    /// The hooks every stub exports, each run on a new thread that is joined before it returns.
    package enum Hook: String, Sendable {
        /// Calls the `done` of the last advance twice.
        case callSavedDoneTwice = "stub_call_saved_done_twice"
        /// Calls `request_frame` 100 times.
        case requestFrames = "stub_request_frames"
        /// Writes to the error sink `create` was given.
        case writeErrorLate = "stub_write_error_late"
    }

    /// `report`: the file `forkChildren` and `reportEnvironment` write to.
    package static func source(id: String, title: String, _ behaviours: Set<Behaviour>, report: URL? = nil) throws -> String {
        let reportDefine = report.map { "#define STUB_REPORT \"\($0.path)\"\n" } ?? "#define STUB_REPORT \"/dev/null\"\n"
        let json = #"{"id":"\#(id)","title":"\#(title)","summary":"A misbehaving C stub."}"#
            .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let defines = behaviours.map { "#define \($0.rawValue) 1" }.sorted().joined(separator: "\n")
        let body = try String(contentsOf: sourceFile, encoding: .utf8)
        return defines + "\n" + reportDefine + "#define STUB_MANIFEST \"\(json)\"\n" + body
    }

    /// The stub's C source, compiled with `-D` flags: `Tests/PluginStubs/misbehaving_plugin.c`.
    package static var sourceFile: URL { PluginStubs.repository.appendingPathComponent("Tests/PluginStubs/misbehaving_plugin.c") }
}

extension PluginStubs {
    /// Builds the stub, then keeps only its first half: a library file cut short, as a failed copy leaves it.
    package static func truncated(named name: String, in directory: URL) async throws -> URL {
        let library = try await build(MisbehavingPluginStub.source(id: "stub-\(name)", title: "Truncated", []), named: name, in: directory)
        let bytes = try Data(contentsOf: library)
        try bytes.prefix(bytes.count / 2).write(to: library)
        return library
    }

    /// A plugin written in Swift against the C ABI alone (`Tests/PluginStubs/trapping_plugin.swift`), whose
    /// `render` force-unwraps nil: the Swift runtime's own "Fatal error: … file:line" line and trap. Built with
    /// `swiftc -emit-library` (about a second).
    package static func buildSwiftTrap(named name: String, in directory: URL) async throws -> URL {
        let library = directory.appendingPathComponent("lib\(name).\(libraryExtension)")
        let source = repository.appendingPathComponent("Tests/PluginStubs/trapping_plugin.swift")
        let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                swiftc, "-emit-library", "-module-name", "TrappingPlugin", "-Onone", "-import-objc-header",
                abiInclude.appendingPathComponent("featurehost_plugin.h").path, "-o", library.path, source.path,
            ])
        guard result.status == 0 else { throw BuildError(description: "swiftc failed for trapping_plugin.swift:\n\(result.standardError)") }
        return library
    }

    /// Runs one of a stub library's test hooks (the library is already loaded: `dlopen` finds it again).
    package static func run(_ hook: MisbehavingPluginStub.Hook, in library: URL) throws {
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, hook.rawValue) else {
            throw BuildError(description: "the stub \(library.path) has no hook \(hook.rawValue).")
        }
        unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
    }

    /// How many times the host has called the stub's table (its instance functions) so far.
    package static func callCount(in library: URL) throws -> Int64 {
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, "stub_call_count") else {
            throw BuildError(description: "the stub \(library.path) has no stub_call_count.")
        }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int64).self)()
    }
}
