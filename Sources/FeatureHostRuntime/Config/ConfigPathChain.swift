#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every directory entry that decides what the config path reads: the path itself, and when it is a symbolic
/// link, each link on the way to the file it names. A change to any of them (a link swapped, the target
/// edited in place) changes the config.
enum ConfigPathChain {
    /// Links followed at most, as the kernel's own limit for nested links (MAXSYMLINKS is 40) is far more than a
    /// config needs; a loop simply ends here.
    static let maximumLinks = 8

    struct Entry: Equatable, Sendable {
        var directory: String
        var name: [UInt8]
    }

    static func entries(of path: String) -> [Entry] {
        var entries: [Entry] = []
        var current = path
        while let entry = split(current) {
            entries.append(entry)
            guard entries.count <= maximumLinks, let target = linkTarget(current) else { break }
            current = target.hasPrefix("/") ? target : entry.directory + "/" + target
        }
        return entries
    }

    /// The directory and the last component of `path`; nil for a path with no name ("/", "").
    static func split(_ path: String) -> Entry? {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else {
            return path.isEmpty ? nil : Entry(directory: ".", name: Array(path.utf8))
        }
        let name = path[path.index(after: slash)...]
        guard !name.isEmpty else { return nil }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return Entry(directory: directory, name: Array(name.utf8))
    }

    /// What the link at `path` names; nil when it is not a link (or is gone).
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
            guard let start = bytes.baseAddress else { return -1 }
            return readlink(path, start, bytes.count)
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
