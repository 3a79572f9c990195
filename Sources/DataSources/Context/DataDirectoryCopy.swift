import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies what one feature reads from a data directory (`DataLayout.entries(readBy:)`), for a run that must not
/// write to the real one (`snapshot` without `--save`). Only folders and regular files are copied, never through a
/// symbolic link: a FIFO anywhere made the copy wait for ever, and a link may point out of the data directory.
/// The whole copy is bounded: copying every byte once cost a snapshot 8.8 s and 2 GiB of writes for a sparse file
/// the feature never read.
public enum DataDirectoryCopy {
    /// 256 MiB: car-news' database of 100,000 articles, the picture caches and the preferences fit several times.
    public static let maximumBytes = 256 << 20

    public struct TooLarge: LocalizedError, Sendable, Equatable, CustomStringConvertible {
        /// The file that passed the bound, relative to the data directory.
        public var path: String
        public var limit: Int
        public var description: String {
            "its files for this feature pass \(limit) bytes at \(path); run with --save to read them in place"
        }
        public var errorDescription: String? { description }
    }

    /// Copies each of `entries` (paths relative to `source`) that exists into `destination`. What is not a folder or
    /// a regular file is left out.
    public static func copy(_ entries: [String], from source: URL, to destination: URL, maximumBytes: Int = maximumBytes) throws {
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        var budget = maximumBytes
        for entry in entries {
            try copyItem(entry, from: source, to: destination, budget: &budget, limit: maximumBytes)
        }
    }

    private static func copyItem(_ path: String, from source: URL, to destination: URL, budget: inout Int, limit: Int) throws {
        let from = source.appendingPathComponent(path)
        let to = destination.appendingPathComponent(path)
        var status = stat()
        guard lstat(from.path, &status) == 0 else { return }  // absent: nothing to copy
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: from.path).sorted() {
                try copyItem(path + "/" + name, from: source, to: destination, budget: &budget, limit: limit)
            }
        case S_IFREG:
            let size = Int(clamping: status.st_size)
            guard size <= budget else { throw TooLarge(path: path, limit: limit) }
            // Read as `RegularFile` reads: a file swapped for a FIFO or a link since `lstat` is not waited on.
            let bytes: Data
            do {
                bytes = try RegularFile.read(from, maximumBytes: budget, followingLinks: false)
            } catch .tooLarge {
                throw TooLarge(path: path, limit: limit)
            } catch {
                return
            }
            budget -= bytes.count
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: to)
        default:
            return  // a FIFO, socket, device or symbolic link: not the host's
        }
    }
}
