import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Finds a SwiftPM resource bundle beside the binary that holds the calling code, for code that runs where
/// `Bundle.module` cannot find it: a plugin library runs in `featurehost-plugin-host` (or in the host), so
/// `Bundle.main` is not its folder, and the generated `Bundle.module` then looks at the absolute path it was
/// built in and traps when that is gone. This looks beside the library itself (`dladdr` of the caller's
/// `#dsohandle`), then beside the main executable, and answers nil when neither has it: a missing file is the
/// caller's to report, never a crash.
///
/// ```swift
/// // In a plugin package named GreetingPlugin, a target GreetingPlugin with `resources: [.process("Resources")]`:
/// let bundle = ResourceBundle.named("GreetingPlugin_GreetingPlugin")
/// ```
///
/// Deploy the `<Package>_<Target>.resources` folder (`.bundle` on macOS) next to the library.
public enum ResourceBundle {
    /// The bundle `<name>.resources` (`<name>.bundle` on Darwin) beside the binary holding `dsoHandle` (by default,
    /// the caller's), else beside the main executable; nil when neither folder has it.
    public static func named(_ name: String, besides dsoHandle: UnsafeRawPointer = #dsohandle) -> Bundle? {
        var folders: [URL] = []
        if let library = imageFile(containing: dsoHandle) { folders.append(library.deletingLastPathComponent()) }
        folders.append(Bundle.main.bundleURL)
        for folder in folders {
            for suffix in [".resources", ".bundle"] {
                let candidate = folder.appendingPathComponent(name + suffix, isDirectory: true)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                    continue
                }
                if let bundle = Bundle(url: candidate) { return bundle }
            }
        }
        return nil
    }

    /// The file of the library or executable whose code or data holds `address`, resolved through symbolic links;
    /// nil when it cannot be told. Darwin asks the loader (`dladdr`); on Linux, whose C module does not declare
    /// `dladdr` (it needs `_GNU_SOURCE`), the process's own map of its files (`/proc/self/maps`) says the same.
    public static func imageFile(containing address: UnsafeRawPointer) -> URL? {
        #if canImport(Darwin)
            var info = Dl_info()
            guard dladdr(address, &info) != 0, let path = info.dli_fname else { return nil }
            return URL(fileURLWithPath: String(cString: path)).resolvingSymlinksInPath()
        #else
            // Read to its end: `String(contentsOfFile:)` stops at the first page of a file whose size reads 0.
            guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
            defer { try? handle.close() }
            guard let bytes = try? handle.readToEnd() else { return nil }
            let maps = String(decoding: bytes, as: UTF8.self)
            return mappedFile(containing: UInt(bitPattern: address), maps: maps).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        #endif
    }

    /// The path of the mapping that holds `address`, from the lines of `/proc/<pid>/maps`
    /// (`start-end perms offset device inode path`); nil for an anonymous mapping or an address in none.
    static func mappedFile(containing address: UInt, maps: String) -> String? {
        for line in maps.split(separator: "\n") {
            guard let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                let low = UInt(line[..<dash], radix: 16), let high = UInt(line[line.index(after: dash)..<space], radix: 16),
                low <= address, address < high
            else { continue }
            guard let slash = line.firstIndex(of: "/") else { return nil }
            return String(line[slash...])
        }
        return nil
    }
}
