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
/// (another session or process may have saved since) and changes one key: the first save of a burst replaces the
/// file atomically (`AtomicFileWriter`), and the saves after it append a record to its journal (`SettingsJournal`),
/// which the deferred sync folds into the file a moment later. A damaged file is never overwritten: reads report it
/// (`damageNotice`), and the next save moves it aside (`DamagedFile`) before writing a new one.
public final class PlistFileStore: KeyValueStore, Sendable {
    public let file: URL
    private let prefix: String
    private let folderPath: String
    /// What this store last read of the file and its notice, for one caller at a time; the lock file serialises
    /// writers across instances and processes.
    private let state = Locked(State())

    private struct State: Sendable {
        /// The values as of the file and the journal with these identities (the journal's nil: none was there).
        var cache: (identity: FileIdentity, journal: FileIdentity?, state: JournalState, values: PropertyListValues)?
        var notice: String?
    }

    /// The saves since the file was last written whole (`SettingsJournal`); stored, as every read looks at it.
    package let journal: URL

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
        journal = file.appendingPathExtension("journal")
        folderPath = file.deletingLastPathComponent().path
        self.prefix = prefix
        self.changes = changes
        durability = DeferredFileSync { PlistFileStore(file: suiteFile, prefix: "").foldJournal() }
    }

    public func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner, Set<String>) -> Void
    ) {
        changes?.observe(owner, store: ObjectIdentifier(self), prefix: prefix, onChange)
    }

    /// Every value of the file by its full name; nil when the file cannot be read.
    func allValues() -> [String: Data]? {
        state.withLock { state in
            guard case .values(let values, _) = readFile(&state) else { return nil }
            return values.compactMapValues { $0 as? Data }
        }
    }

    /// Set when the file could not be read (it is kept, and moved aside on the next save) or was moved aside by
    /// this store; for the feature to show, so a reset is never silent.
    public var damageNotice: String? { state.withLock { $0.notice } }

    public func data(forKey key: String) -> Data? {
        state.withLock { state in
            switch readFile(&state) {
            case .values(let values, let journal):
                if case .damaged(let reason) = journal {
                    state.notice =
                        "The saved settings' journal \(self.journal.path) is damaged (\(reason)). The saves before that are kept; it will be moved aside on the next save."
                }
                return values[prefix + key] as? Data
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
                var appending = false
                switch readFile(&state) {
                case .values(let found, let journal):
                    values = found
                    switch journal {
                    case .open: appending = true
                    case .none, .cutShort: break
                    case .damaged(let reason):
                        // What it holds before the damage is in `found`, and goes into the file written whole below.
                        let aside = try? DamagedFile.moveAside(self.journal, at: Date())
                        state.notice =
                            "The saved settings' journal \(self.journal.path) was damaged (\(reason)); the saves before that were kept"
                            + (aside.map { " and it was moved to \($0.path)." } ?? ".")
                    }
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
                // No fsync per save (a pin toggle saves every click): a kill keeps every save written, and the file
                // reaches the disk against a power loss a moment later, once for a burst (`DeferredFileSync`).
                if appending, let identity = state.cache?.identity {
                    let journalIdentity = try appendRecord(name: name, value: data)
                    state.cache = (identity, journalIdentity, .open, PropertyListValues(dictionary: values))
                } else {
                    try writeWhole(values, syncing: false)
                    // Still under the writer lock, so the file at the path is the one just written.
                    let identity = FileIdentity(file)
                    let journalIdentity = try identity.flatMap { try startJournal(over: $0) }
                    state.cache = identity.map { ($0, journalIdentity, .open, PropertyListValues(dictionary: values)) }
                }
                durability.didReplace()
                changes?.didSave(name, data: data, from: ObjectIdentifier(self))
            }
            return kept
        }
    }

    /// The journal folded into the file (written whole, fsynced) and removed; with no journal, the file and its
    /// folder fsynced. What `DeferredFileSync` runs a moment after a burst's first save. A file or journal that does
    /// not read is left for the next save, which says so and moves it aside.
    package func foldJournal() {
        state.withLock { state in
            try? withWriterLock {
                guard case .values(let values, let journal) = readFile(&state) else { return }
                if journal.holdsRecords {
                    guard (try? writeWhole(values, syncing: true)) != nil else { return }
                    // Removed after the file is in place: a kill between the two leaves a journal over the old file,
                    // stale (it names another inode), whose records the new file holds.
                    unlink(self.journal.path)
                    state.cache = nil
                } else {
                    let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
                    if descriptor >= 0 {
                        fsync(descriptor)
                        close(descriptor)
                    }
                }
                AtomicFileWriter.syncFolder(of: file)
            }
        }
    }

    private func writeWhole(_ values: [String: Any], syncing: Bool) throws {
        let bytes: Data
        do {
            bytes = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
        } catch {
            throw FeatureError("Cannot write the settings of \(file.path): \(error.userFacingMessage)")
        }
        try AtomicFileWriter.replace(file, with: bytes, syncing: syncing)
    }

    /// A new journal over the file just written (one that was there is stale and replaced); its identity.
    private func startJournal(over identity: FileIdentity) throws -> FileIdentity? {
        try writeJournal(SettingsJournal.header(for: identity.journalBase), flags: O_TRUNC)
    }

    /// One save's record at the journal's end, in one `write`; its new identity. A write that fails is cut off
    /// again, so the records after it still read.
    private func appendRecord(name: String, value: Data?) throws -> FileIdentity? {
        try writeJournal(SettingsJournal.record(name: name, value: value), flags: O_APPEND)
    }

    private func writeJournal(_ bytes: Data, flags: Int32) throws -> FileIdentity? {
        let descriptor = open(journal.path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0o600)
        guard descriptor >= 0 else { throw FeatureError("Cannot open \(journal.path): \(String(cString: strerror(errno))).") }
        defer { close(descriptor) }
        var before = stat()
        let size = fstat(descriptor, &before) == 0 ? before.st_size : 0
        do {
            try AtomicFileWriter.writeAll(bytes, to: descriptor, journal)
        } catch {
            _ = ftruncate(descriptor, size)
            throw error
        }
        var after = stat()
        return fstat(descriptor, &after) == 0 ? FileIdentity(after) : nil
    }

    /// The file's folder, made on the first save. `mkdir` itself rather than `FileManager`, whose errors on Linux
    /// are raw dumps: the message names the folder and says why.
    private func makeFolder() throws {
        // There already on every save but the first: one stat, not Foundation's path work (a tenth of a pin save).
        var info = stat()
        if stat(folderPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
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
        /// The file's values with the journal's records applied.
        case values([String: Any], JournalState)
        /// The file is there but its bytes are not settings (or cannot be read): kept, and moved aside on a save.
        case damaged(String)
        /// The path itself cannot be looked at (a file where a folder should be, no permission on a folder).
        case unreachable(String)
    }

    private enum JournalState: Sendable {
        /// Over the file as it is: the next save appends to it.
        case open
        /// None, or a stale one (over a file since replaced): the next save writes the file whole.
        case none
        /// Over the file, but ending inside a record (a save killed mid-write): its whole records count, and the
        /// next save writes the file whole, since a record appended would be read as the cut one's rest.
        case cutShort
        /// It does not read past some record (kept before it): the next save writes the file whole and moves it aside.
        case damaged(String)

        /// Records the file does not hold yet, for the fold to write into it.
        var holdsRecords: Bool {
            switch self {
            case .open, .cutShort: return true
            case .none, .damaged: return false
            }
        }
    }

    /// The file's values with its journal's, parsed again only when either changed since the last read. A missing
    /// file (or folder) is empty; one that cannot be looked at (a file where its folder should be, no permission)
    /// cannot be read.
    private func readFile(_ state: inout State) -> Contents {
        let identity: FileIdentity
        switch FileIdentity.look(at: file) {
        case .success(let found): identity = found
        case .failure(let failure) where failure.code == ENOENT: return .values([:], .none)
        case .failure(let failure): return .unreachable(String(cString: strerror(failure.code)))
        }
        let journalIdentity = try? FileIdentity.look(at: journal).get()
        if let cache = state.cache, cache.identity == identity, cache.journal == journalIdentity {
            return .values(cache.values.dictionary, cache.state)
        }
        switch readBase() {
        case .values(let values, _):
            let (merged, journalState) = applyJournal(over: values, identity)
            state.cache = (identity, journalIdentity, journalState, PropertyListValues(dictionary: merged))
            return .values(merged, journalState)
        case let other: return other
        }
    }

    /// `values` with the journal's records when it is over the file with `identity`.
    private func applyJournal(over values: [String: Any], _ identity: FileIdentity) -> ([String: Any], JournalState) {
        let bytes: Data
        do {
            bytes = try RegularFile.read(journal, maximumBytes: Self.maximumFileSize, followingLinks: false)
        } catch .missing {
            return (values, .none)
        } catch .tooLarge(let size) {
            return (values, .damaged("it is \(size) bytes, more than the \(Self.maximumFileSize) it may have"))
        } catch .notRegular(let kind) {
            return (values, .damaged("it is \(kind), not a file"))
        } catch {
            return (values, .damaged("it cannot be read"))
        }
        // Empty, or its first line cut short: made by a save killed before its first write, so it holds nothing.
        if !bytes.contains(UInt8(ascii: "\n")), bytes.count < 128 { return (values, .none) }
        guard let parsed = SettingsJournal.parse(bytes) else { return (values, .damaged("its first line is not a journal's")) }
        guard parsed.base == identity.journalBase else { return (values, .none) }
        let state: JournalState = parsed.damage.map { .damaged($0) } ?? (parsed.isCutShort ? .cutShort : .open)
        return (parsed.applied(to: values), state)
    }

    /// The file's own values, without the journal's.
    private func readBase() -> Contents {
        let bytes: Data
        do {
            bytes = try RegularFile.read(file, maximumBytes: Self.maximumFileSize, followingLinks: false)
        } catch .missing {
            return .values([:], .none)
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
        return .values(values, .none)
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

    /// How a journal's first line names this file.
    var journalBase: SettingsJournal.Base {
        SettingsJournal.Base(device: device, inode: inode, size: size, seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
    }

    init(_ info: stat) {
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
