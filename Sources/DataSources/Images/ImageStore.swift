import FeatureHostCore
import Foundation

/// The cache's files: one per image, `<key>.image`, a header line (format, content type, size, URL) then the
/// bytes. Recency lives in the files' modification dates, so the least recently used go first across runs.
final class ImageStore: Sendable {
    private struct Entry {
        var size: Int
        var lastUse: Date
    }

    private static let magic = "featurehost-image-1"
    private let directory: URL
    private let capacity: Int
    /// A file larger than this is not read (the data directory is not trusted): it is removed as damaged.
    private let maximumEntrySize: Int
    /// What is in the folder, once it was listed; the files themselves are only touched inside its `withLock`,
    /// by helpers that take the index from it.
    private let index = Locked<[String: Entry]?>(nil)

    init(directory: URL, capacity: Int, maximumEntrySize: Int) {
        self.directory = directory
        self.capacity = capacity
        self.maximumEntrySize = maximumEntrySize
    }

    var totalBytes: Int { index.withLock { loadedIndex(&$0).values.lazy.map(\.size).saturatingSum() } }

    /// The entry for `key` when it holds `url` (a collision or a damaged file is a miss; the damaged file goes).
    func reference(forKey key: String, url: URL) -> ImageReference? {
        index.withLock { index in
            guard let (header, data) = read(key, &index), header.url == url.absoluteString else { return nil }
            touch(key, &index)
            return ImageReference(key: key, contentType: header.contentType, byteCount: data.count)
        }
    }

    func image(forKey key: String) -> CachedImage? {
        guard ImageKey.isValid(key) else { return nil }
        return index.withLock { index in
            guard let (header, data) = read(key, &index) else { return nil }
            touch(key, &index)
            return CachedImage(reference: ImageReference(key: key, contentType: header.contentType, byteCount: data.count), data: data)
        }
    }

    func save(_ image: CachedImage, url: URL) {
        let key = image.reference.key
        let header = Data("\(Self.magic) \(image.reference.contentType) \(image.data.count) \(url.absoluteString)\n".utf8)
        index.withLock { index in
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try writeAtomically(header, image.data, to: file(key))
            } catch {
                return  // a cache that cannot write still serves this fetch; the next one tries again
            }
            var entries = loadedIndex(&index)
            entries[key] = Entry(size: header.count + image.data.count, lastUse: Date())
            index = entries
            evict(keeping: key, &index)
        }
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent("\(key).image") }

    /// The header, then the bytes, into a file of its own renamed over the entry: a crash mid-write leaves the old
    /// entry or none, never half an image, and the image is never copied to put the header in front of it.
    private func writeAtomically(_ header: Data, _ data: Data, to target: URL) throws {
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: header)
            try handle.write(contentsOf: data)
            guard rename(temporary.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    private struct Header {
        var contentType: String
        var url: String
    }

    /// The header and bytes of an entry. A file that is too large, does not parse, whose size disagrees or whose
    /// bytes are not an image the host serves is removed: the content type is the bytes' own, never the header's,
    /// since anything in the data directory may have been written by another program.
    /// Only a regular file, not through a link, without waiting: a FIFO in its place blocked the read for ever.
    private func read(_ key: String, _ index: inout [String: Entry]?) -> (Header, Data)? {
        let url = file(key)
        let bytes: Data
        do {
            bytes = try RegularFile.read(url, maximumBytes: maximumEntrySize, followingLinks: false)
        } catch {
            if error != .missing { try? FileManager.default.removeItem(at: url) }
            index?[key] = nil
            return nil
        }
        guard let newline = bytes.firstIndex(of: 0x0A),
            case let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ", maxSplits: 3),
            fields.count == 4, fields[0] == Self.magic, let size = Int(fields[2]),
            bytes.endIndex - newline - 1 == size,
            case let data = Data(bytes[(newline + 1)...]), let contentType = ImageFormat.contentType(of: data)
        else {
            try? FileManager.default.removeItem(at: url)
            index?[key] = nil
            return nil
        }
        return (Header(contentType: contentType, url: String(fields[3])), data)
    }

    private func touch(_ key: String, _ index: inout [String: Entry]?) {
        let now = Date()
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file(key).path)
        var entries = loadedIndex(&index)
        entries[key]?.lastUse = now
        index = entries
    }

    private func loadedIndex(_ index: inout [String: Entry]?) -> [String: Entry] {
        if let index { return index }
        var entries: [String: Entry] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        for file in files where file.pathExtension == "image" {
            let values = try? file.resourceValues(forKeys: Set(keys))
            entries[file.deletingPathExtension().lastPathComponent] = Entry(
                size: values?.fileSize ?? 0, lastUse: values?.contentModificationDate ?? .distantPast)
        }
        index = entries
        return entries
    }

    /// Removes the least recently used entries until the total fits the capacity; `key` (just written) last.
    private func evict(keeping key: String, _ index: inout [String: Entry]?) {
        var entries = loadedIndex(&index)
        // Sizes are the files' own (a sparse file may claim exabytes): the sum stops at Int.max rather than trap.
        var total = entries.values.lazy.map(\.size).saturatingSum()
        let order = entries.filter { $0.key != key }.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
        for victim in order where total > capacity {
            total -= entries[victim]?.size ?? 0
            entries[victim] = nil
            try? FileManager.default.removeItem(at: file(victim))
        }
        index = entries
    }
}
