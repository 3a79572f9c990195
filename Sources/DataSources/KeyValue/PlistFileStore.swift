import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small persistent state in one property-list file the host chooses (`<suiteFile>.plist`, under its data
/// directory), shared by every feature, with keys prefixed by the owning feature's id. The file has the layout
/// `UserDefaults(suiteName:)` wrote before (a dictionary of data values), so saved state carries over.
///
/// Not `UserDefaults`: on Linux, Foundation rewrites the suite file in place (open with truncation, then write),
/// so a kill between the two left an empty file, and a file it cannot parse reads as empty and is overwritten by
/// the next save: every feature's state lost without a word. Here each save re-reads the file under a lock
/// (another session or process may have saved since), changes one key and replaces the file atomically
/// (`AtomicFileWriter`). A damaged file is never overwritten: reads report it (`damageNotice`), and the next save
/// moves it aside (`DamagedFile`) before writing a new one.
public final class PlistFileStore: KeyValueStore, Sendable {
    public let file: URL
    private let prefix: String
    /// What this store last read of the file and its notice, for one caller at a time; the lock file serialises
    /// writers across instances and processes.
    private let state = Locked(State())

    private struct State: Sendable {
        var cache: (identity: FileIdentity, values: PropertyListValues)?
        var notice: String?
    }

    /// A parsed file's dictionary. @unchecked: a property list is a tree of values (data, strings, numbers, dates,
    /// arrays and dictionaries of them) that nobody mutates once parsed; the store copies it before a change.
    private struct PropertyListValues: @unchecked Sendable {
        let dictionary: [String: Any]
    }
    /// 16 MiB: the largest state a feature keeps (20,000 unpinned ids, an invitation) is about 1 MB. A larger file,
    /// or one that is not a regular file (a FIFO would block the read for ever), is damaged: kept, moved aside on a save.
    public static let maximumFileSize = 16 << 20

    /// - Parameter suiteFile: an absolute path without extension; the file is `<suiteFile>.plist`. Nothing is
    ///   created until the first save (a read of a folder that does not exist finds no values), so a read never
    ///   fails for want of a folder and `featurehost store get` changes nothing on disk.
    /// Other holders of the file hear this store's saves through it, and this store's observers theirs.
    private let changes: KeyValueChangeFeed?
    /// Makes this store's saves durable against a power loss within `DeferredFileSync.delay`.
    package let durability: DeferredFileSync

    /// - Parameter changes: the host's feed for this file (one per run): other stores of the file hear this one's
    ///   saves, and this one's observers theirs and those of other processes. Without it, nobody is told.
    public convenience init(suiteFile: URL, prefix: String, changes: KeyValueChangeFeed? = nil) throws {
        self.init(file: suiteFile, prefix: prefix, changes: changes)
    }

    init(file suiteFile: URL, prefix: String, changes: KeyValueChangeFeed? = nil) {
        let file = suiteFile.appendingPathExtension("plist")
        self.file = file
        self.prefix = prefix
        self.changes = changes
        durability = DeferredFileSync(file: file)
    }

    public func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner, Set<String>) -> Void
    ) {
        changes?.observe(owner, store: ObjectIdentifier(self), prefix: prefix, onChange)
    }

    /// Every value of the file by its full name; nil when the file cannot be read.
    func allValues() -> [String: Data]? {
        state.withLock { state in
            guard case .values(let values) = readFile(&state) else { return nil }
            return values.compactMapValues { $0 as? Data }
        }
    }

    /// Set when the file could not be read (it is kept, and moved aside on the next save) or was moved aside by
    /// this store; for the feature to show, so a reset is never silent.
    public var damageNotice: String? { state.withLock { $0.notice } }

    public func data(forKey key: String) -> Data? {
        state.withLock { state in
            switch readFile(&state) {
            case .values(let values): return values[prefix + key] as? Data
            case .damaged(let reason):
                state.notice =
                    "The saved settings in \(file.path) are damaged (\(reason)). The file is kept: it will be moved aside, not overwritten, on the next save."
                return nil
            case .unreachable(let reason):
                state.notice = "The saved settings in \(file.path) cannot be read: \(reason)."
                return nil
            }
        }
    }

    /// Throws a `FeatureError` naming the file and the reason when the value was not kept; the file is then as
    /// it was (`AtomicFileWriter` replaces it whole or not at all).
    public func set(_ data: Data?, forKey key: String) throws {
        _ = try update(forKey: key) { _ in data }
    }

    /// The value `transform` makes of the one in the file, read and written under the writer lock, so no save of
    /// another instance or process comes between. A value that cannot be read (a damaged file) is nil to it.
    public func update(forKey key: String, _ transform: (Data?) throws -> Data?) throws -> Data? {
        try state.withLock { state throws -> Data? in
            try makeFolder()
            var kept: Data?
            try withWriterLock {
                var values: [String: Any]
                switch readFile(&state) {
                case .values(let found): values = found
                case .damaged(let reason):
                    let aside: URL
                    do {
                        aside = try DamagedFile.moveAside(file, at: Date())
                    } catch {
                        throw FeatureError(
                            "The saved settings in \(file.path) cannot be read (\(reason)) and cannot be moved aside: \(error.userFacingMessage)"
                        )
                    }
                    state.notice =
                        "The saved settings in \(file.path) could not be read (\(reason)); the file was moved to \(aside.path) and a new one was started."
                    values = [:]
                case .unreachable(let reason):
                    throw FeatureError("Cannot save to \(file.path): \(reason).")
                }
                let name = prefix + key
                let data = try transform(values[name] as? Data)
                kept = data
                if let data {
                    if values[name] as? Data == data { return }
                    values[name] = data
                } else {
                    if values[name] == nil { return }
                    values[name] = nil
                }
                let bytes: Data
                do {
                    bytes = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
                } catch {
                    throw FeatureError("Cannot write the settings of \(file.path): \(error.userFacingMessage)")
                }
                // No fsync per save (a pin toggle saves every click): a kill keeps every save written, and the file
                // reaches the disk against a power loss a moment later, once for a burst (`DeferredFileSync`).
                try AtomicFileWriter.replace(file, with: bytes, syncing: false)
                durability.didReplace()
                // Still under the writer lock, so the file at the path is the one just written.
                state.cache = FileIdentity(file).map { ($0, PropertyListValues(dictionary: values)) }
                changes?.didSave(name, data: data, from: ObjectIdentifier(self))
            }
            return kept
        }
    }

    /// The file's folder, made on the first save. `mkdir` itself rather than `FileManager`, whose errors on Linux
    /// are raw dumps: the message names the folder and says why.
    private func makeFolder() throws {
        let folder = file.deletingLastPathComponent()
        var components: [URL] = []
        var current = folder
        while current.path != "/", !FileManager.default.fileExists(atPath: current.path) {
            components.insert(current, at: 0)
            current = current.deletingLastPathComponent()
        }
        for component in components where mkdir(component.path, 0o700) != 0 && errno != EEXIST {
            throw FeatureError("Cannot create the folder \(component.path) for \(file.path): \(String(cString: strerror(errno))).")
        }
    }

    // MARK: - The file

    private enum Contents {
        case values([String: Any])
        /// The file is there but its bytes are not settings (or cannot be read): kept, and moved aside on a save.
        case damaged(String)
        /// The path itself cannot be looked at (a file where a folder should be, no permission on a folder).
        case unreachable(String)
    }

    /// The file's values, parsed again only when it was replaced since the last read. A missing file (or folder)
    /// is empty; one that cannot be looked at (a file where its folder should be, no permission) cannot be read.
    private func readFile(_ state: inout State) -> Contents {
        let identity: FileIdentity
        switch FileIdentity.look(at: file) {
        case .success(let found): identity = found
        case .failure(let failure) where failure.code == ENOENT: return .values([:])
        case .failure(let failure): return .unreachable(String(cString: strerror(failure.code)))
        }
        if let cache = state.cache, cache.identity == identity { return .values(cache.values.dictionary) }
        let bytes: Data
        do {
            bytes = try RegularFile.read(file, maximumBytes: Self.maximumFileSize, followingLinks: false)
        } catch .missing {
            return .values([:])
        } catch .tooLarge(let size) {
            return .damaged("it is \(size) bytes, more than the \(Self.maximumFileSize) a settings file may have")
        } catch .notRegular(let kind) {
            return .damaged("it is \(kind), not a file")
        } catch {
            return .damaged("it cannot be read")
        }
        guard !bytes.isEmpty else { return .damaged("it is empty") }
        // XML only: what this store and UserDefaults write, and Foundation traps on some binary plists.
        guard let values = (try? XMLPropertyList.object(from: bytes)) as? [String: Any] else {
            return .damaged("it is not an XML property list of \(bytes.count) bytes holding a dictionary")
        }
        state.cache = (identity, PropertyListValues(dictionary: values))
        return .values(values)
    }

    /// Holds an exclusive `flock` on `<file>.lock` around `body`: two stores of one file (two browser tabs, a
    /// plugin's own copy of this module, `featurehost store set`) would otherwise each save over the other's key.
    private func withWriterLock(_ body: () throws -> Void) throws {
        let lockPath = file.path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FeatureError("Cannot open the lock file \(lockPath): \(String(cString: strerror(errno))).") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FeatureError("Cannot lock \(lockPath): \(String(cString: strerror(errno))).") }
        }
        defer { flock(descriptor, LOCK_UN) }
        try body()
    }
}

/// Which file is at a path now: a rename puts a new inode there, so a changed identity means "read again".
private struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec

    struct Failure: Error {
        var code: Int32
    }

    /// The identity, or the `errno` of the failed `stat`.
    static func look(at file: URL) -> Result<FileIdentity, Failure> {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return .failure(Failure(code: errno)) }
        return .success(FileIdentity(info))
    }

    init?(_ file: URL) {
        guard case .success(let identity) = Self.look(at: file) else { return nil }
        self = identity
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Glibc)
            modified = info.st_mtim
        #else
            modified = info.st_mtimespec
        #endif
    }

    static func == (left: FileIdentity, right: FileIdentity) -> Bool {
        left.device == right.device && left.inode == right.inode && left.size == right.size
            && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
    }
}
