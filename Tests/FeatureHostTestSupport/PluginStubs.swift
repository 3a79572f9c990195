import FeatureHostTesting
import Foundation

/// Small C libraries built at test time with the system's C compiler, to load as broken (or minimal) plugins:
/// each loading error is shown with a real file.
package enum PluginStubs {
    package struct BuildError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The repository root, found from this file's place in it.
    package static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `Sources/CFeatureHostPluginABI/include`, where `featurehost_plugin.h` is.
    package static var abiInclude: URL { repository.appendingPathComponent("Sources/CFeatureHostPluginABI/include") }

    #if canImport(Darwin)
        package static let libraryExtension = "dylib"
    #else
        package static let libraryExtension = "so"
    #endif

    /// Compiles `source` into `lib<name>.so` (`.dylib` on macOS) in `directory` with `cc -shared -fPIC`. The
    /// compiler is awaited on a thread of its own: a build on a loaded machine can take seconds, and a test on the
    /// main actor that held it meanwhile would stall every other test's presenter (see `ProcessRunner.run`).
    package static func build(_ source: String, named name: String, in directory: URL) async throws -> URL {
        let sourceFile = directory.appendingPathComponent("\(name).c")
        try Data(source.utf8).write(to: sourceFile)
        let library = directory.appendingPathComponent("lib\(name).\(libraryExtension)")
        guard let compiler = cCompiler else {
            throw BuildError(description: "no C compiler: neither cc nor clang is on PATH (the Swift toolchain ships clang).")
        }
        let result = try await ProcessRunner.run(
            compiler, ["-shared", "-fPIC", "-I", abiInclude.path, "-o", library.path, sourceFile.path])
        guard result.status == 0 else { throw BuildError(description: "cc failed for \(name).c:\n\(result.standardError)") }
        return library
    }

    /// `$CC`, else `cc`, else the toolchain's `clang`, found on `PATH`.
    static var cCompiler: URL? {
        let environment = ProcessInfo.processInfo.environment
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in [environment["CC"], "cc", "clang"].compactMap({ $0 }).filter({ !$0.isEmpty }) {
            if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
            for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return URL(fileURLWithPath: "\(directory)/\(name)")
            }
        }
        return nil
    }

    /// A library with no plugin entry symbol.
    package static let noEntry = "int featurehost_unrelated(void) { return 1; }\n"

    /// A library whose table says ABI version `version`.
    package static func abiVersion(_ version: Int) -> String {
        """
        #include <stdint.h>
        static const uint32_t table[16] = { \(version) };
        const void *featurehost_plugin_entry_v1(void) { return table; }

        """
    }

    /// A well-formed ABI-1 library whose only working function is its manifest, for feature `id`; creating
    /// it fails with a message.
    /// - Parameter settings: the manifest's `settings` as JSON declarations (`SettingWire`), if any.
    package static func manifestOnly(id: String, title: String = "Stub", settings: [String] = []) -> String {
        let declared = settings.isEmpty ? "" : #","settings":["# + settings.joined(separator: ",") + "]"
        let json = #"{"id":"\#(id)","title":"\#(title)","summary":"A C stub."\#(declared)}"#
            .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
            #include <string.h>
            #include "featurehost_plugin.h"

            static void manifest(void *sink, featurehost_write_fn write) {
                const char *json = "\(json)";
                write(sink, (const uint8_t *)json, strlen(json));
            }

            static void *create(const uint8_t *context, size_t count, void *host, featurehost_frame_request_fn request,
                                void *error_sink, featurehost_write_fn write_error) {
                const char *message = "the stub cannot run";
                write_error(error_sink, (const uint8_t *)message, strlen(message));
                return 0;
            }

            static const featurehost_plugin table = {
                .abi_version = FEATUREHOST_PLUGIN_ABI_VERSION, .manifest = manifest, .create = create,
            };

            const featurehost_plugin *featurehost_plugin_entry_v1(void) { return &table; }

            """
    }
}
