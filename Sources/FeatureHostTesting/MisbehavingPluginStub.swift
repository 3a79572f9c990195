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
public enum MisbehavingPluginStub {
    public enum Behaviour: String, Sendable, CaseIterable {
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
        /// Exports the web entry: its page shows "Ticks: N".
        case webEntry = "HAS_WEB"
    }

    /// The hooks every stub exports, each run on a new thread that is joined before it returns.
    public enum Hook: String, Sendable {
        /// Calls the `done` of the last advance twice.
        case callSavedDoneTwice = "stub_call_saved_done_twice"
        /// Calls `request_frame` 100 times.
        case requestFrames = "stub_request_frames"
        /// Writes to the error sink `create` was given.
        case writeErrorLate = "stub_write_error_late"
    }

    public static func source(id: String, title: String, _ behaviours: Set<Behaviour>) throws -> String {
        let json = #"{"id":"\#(id)","title":"\#(title)","summary":"A misbehaving C stub."}"#
            .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let defines = behaviours.map { "#define \($0.rawValue) 1" }.sorted().joined(separator: "\n")
        let body = try String(contentsOf: sourceFile, encoding: .utf8)
        return defines + "\n#define STUB_MANIFEST \"\(json)\"\n" + body
    }

    /// The stub's C source, compiled with `-D` flags: `Tests/PluginStubs/misbehaving_plugin.c`.
    public static var sourceFile: URL { PluginStubs.repository.appendingPathComponent("Tests/PluginStubs/misbehaving_plugin.c") }
}

extension PluginStubs {
    /// Runs one of a stub library's test hooks (the library is already loaded: `dlopen` finds it again).
    public static func run(_ hook: MisbehavingPluginStub.Hook, in library: URL) throws {
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, hook.rawValue) else {
            throw BuildError(description: "the stub \(library.path) has no hook \(hook.rawValue).")
        }
        unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
    }

    /// How many times the host has called the stub's table (its instance functions) so far.
    public static func callCount(in library: URL) throws -> Int64 {
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, "stub_call_count") else {
            throw BuildError(description: "the stub \(library.path) has no stub_call_count.")
        }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int64).self)()
    }
}
