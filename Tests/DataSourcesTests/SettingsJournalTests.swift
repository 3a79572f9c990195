import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 37: a save after the first of a burst appends a record to the settings file's journal instead of
/// rewriting every feature's state; the deferred sync folds the journal into the file. What a kill, a power loss,
/// another writer or a damaged journal leaves is read as the saves made, and never loses one already kept.
@Suite struct SettingsJournalTests {
    /// A store whose file holds [1] (the burst's first save) and whose journal [2].
    private func journalAfterTwoSaves() throws -> (TemporaryDirectory, URL, PlistFileStore) {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let store = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        try store.setValue([1], forKey: "unpinned-ids")
        try store.setValue([2], forKey: "unpinned-ids")
        return (directory, suite, store)
    }

    private func inode(_ url: URL) -> UInt64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test func theSavesAfterABurstsFirstAppendAndTheSyncFoldsThemIntoTheFile() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let store = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        try store.setValue([1], forKey: "unpinned-ids")
        let written = try #require(inode(store.file))
        for step in 2...30 { try store.setValue([step], forKey: "unpinned-ids") }
        #expect(inode(store.file) == written, "the file was not replaced after the burst's first save")
        let journal = try Data(contentsOf: store.journal)
        #expect(journal.count < 2_000, "30 saves of a short list: one line and a record each, not 30 files")
        // Another process reading now finds the last save.
        #expect(try PlistFileStore(suiteFile: suite, prefix: "transactions.").value([Int].self, forKey: "unpinned-ids") == [30])

        store.durability.syncNow()
        #expect(!FileManager.default.fileExists(atPath: store.journal.path), "folded into the file")
        #expect(inode(store.file) != written)
        let onDisk = try PropertyListSerialization.propertyList(from: Data(contentsOf: store.file), format: nil) as? [String: Any]
        #expect(onDisk?["transactions.unpinned-ids"] as? Data == Data("[30]".utf8))
        #expect(try store.value([Int].self, forKey: "unpinned-ids") == [30])
        // The next save starts the next burst: the file written whole again.
        try store.set(nil, forKey: "unpinned-ids")
        #expect(try PlistFileStore(suiteFile: suite, prefix: "transactions.").data(forKey: "unpinned-ids") == nil)
    }

    /// Two stores of one file (two processes): each reads the other's appended saves, and keeps them in its own.
    @Test func twoStoresAppendingToOneJournalKeepEachOthersSaves() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let pins = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        let seen = try PlistFileStore(suiteFile: suite, prefix: "chats.")
        try pins.setValue([1], forKey: "unpinned-ids")
        try seen.set(Data("a".utf8), forKey: "seen")
        try pins.setValue([1, 2], forKey: "unpinned-ids")
        try seen.set(Data("b".utf8), forKey: "seen")
        #expect(try pins.value([Int].self, forKey: "unpinned-ids") == [1, 2])
        #expect(seen.data(forKey: "seen") == Data("b".utf8))
        seen.durability.syncNow()
        #expect(try pins.value([Int].self, forKey: "unpinned-ids") == [1, 2])
        #expect(pins.damageNotice == nil && seen.damageNotice == nil)
    }

    /// A file replaced by a writer that knows no journal (an older host), or by a fold killed before it removed the
    /// journal: the journal names the old file, so the file as it is now wins.
    @Test func aJournalOverAReplacedFileIsStaleAndIgnored() throws {
        let (directory, suite, store) = try journalAfterTwoSaves()
        let outside = try PropertyListSerialization.data(
            fromPropertyList: ["transactions.unpinned-ids": Data("[9]".utf8)], format: .xml, options: 0)
        try outside.write(to: directory.file("elsewhere.plist"))
        #expect(rename(directory.file("elsewhere.plist").path, store.file.path) == 0)
        let reader = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        #expect(try reader.value([Int].self, forKey: "unpinned-ids") == [9])
        #expect(reader.damageNotice == nil)
        // The next save writes the file whole over what is there now, and starts a journal over it.
        try reader.setValue([9, 10], forKey: "unpinned-ids")
        try reader.setValue([9, 11], forKey: "unpinned-ids")
        #expect(try store.value([Int].self, forKey: "unpinned-ids") == [9, 11])
    }

    /// A power loss inside the last record's write: the bytes end inside it, and only that save is gone.
    @Test func aJournalCutShortLosesOnlyTheSaveCutShort() throws {
        let (directory, suite, store) = try journalAfterTwoSaves()
        defer { withExtendedLifetime(directory) {} }  // the folder lives until the test ends
        try store.setValue([3, 4, 5], forKey: "unpinned-ids")
        let bytes = try Data(contentsOf: store.journal)
        for cut in [3, 9] {
            try bytes.dropLast(cut).write(to: store.journal)
            let reader = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
            #expect(try reader.value([Int].self, forKey: "unpinned-ids") == [2], "cut \(cut) bytes short")
            #expect(reader.damageNotice == nil, "a save cut short is not damage")
        }
    }

    /// A kill inside a record's write, then another process's saves: the first of them writes the file whole, since
    /// a record appended after the cut bytes would be read as their rest (the crash-save run's seed 16 in CI).
    @Test(arguments: [3, 9])
    func theSaveAfterARecordCutShortWritesTheFileWhole(cut: Int) throws {
        let (directory, suite, store) = try journalAfterTwoSaves()
        defer { withExtendedLifetime(directory) {} }  // the folder lives until the test ends
        try store.setValue([3, 4, 5], forKey: "unpinned-ids")
        try Data(contentsOf: store.journal).dropLast(cut).write(to: store.journal)
        let next = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        try next.setValue([6], forKey: "unpinned-ids")
        try next.setValue([7, 8], forKey: "unpinned-ids")
        let reader = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        #expect(try reader.value([Int].self, forKey: "unpinned-ids") == [7, 8])
        #expect(reader.damageNotice == nil)
    }

    /// Bytes in the journal that are not a save (another program wrote them): the saves before them are kept and
    /// said to be so; the next save writes the file whole with them and moves the journal aside.
    @Test(arguments: ["12 x\n", "2000 3\n", "26 \(PlistFileStore.maximumFileSize + 1)\n", String(repeating: "9", count: 200)])
    func aDamagedJournalKeepsTheSavesBeforeItAndIsMovedAside(garbage: String) throws {
        let (directory, suite, store) = try journalAfterTwoSaves()
        let handle = try FileHandle(forWritingTo: store.journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(garbage.utf8))
        try handle.close()

        let reader = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        #expect(try reader.value([Int].self, forKey: "unpinned-ids") == [2])
        #expect(reader.damageNotice?.contains("journal \(store.journal.path) is damaged (record 2") == true, "\(reader.damageNotice ?? "")")
        try reader.setValue([2, 3], forKey: "unpinned-ids")
        #expect(reader.damageNotice?.contains("was moved to \(store.journal.path).corrupt-") == true, "\(reader.damageNotice ?? "")")
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            $0.hasPrefix("preferences.plist.journal.corrupt-")
        }
        #expect(aside.count == 1)
        #expect(try PlistFileStore(suiteFile: suite, prefix: "transactions.").value([Int].self, forKey: "unpinned-ids") == [2, 3])
    }

    /// Past the file's limit (16 MiB; here sparse), or not a file: damaged, never read whole.
    @Test func aJournalPastTheLimitIsDamaged() throws {
        let (directory, suite, store) = try journalAfterTwoSaves()
        defer { withExtendedLifetime(directory) {} }  // the folder lives until the test ends
        #expect(truncate(store.journal.path, off_t(PlistFileStore.maximumFileSize + 1)) == 0)
        let reader = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        #expect(try reader.value([Int].self, forKey: "unpinned-ids") == [1], "the file's own value")
        #expect(reader.damageNotice?.contains("more than the \(PlistFileStore.maximumFileSize) it may have") == true)
    }

    @Test func recordsReadBackAsWritten() throws {
        let base = SettingsJournal.Base(device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5)
        var bytes = SettingsJournal.header(for: base)
        bytes.append(SettingsJournal.record(name: "a.b", value: Data([0, 10, 255])))
        bytes.append(SettingsJournal.record(name: "a.c", value: nil))
        bytes.append(SettingsJournal.record(name: "a.d", value: Data()))
        let journal = try #require(SettingsJournal.parse(bytes))
        #expect(journal.base == base && journal.damage == nil)
        #expect(journal.records.map { $0.name } == ["a.b", "a.c", "a.d"])
        #expect(journal.records.map { $0.value } == [Data([0, 10, 255]), nil, Data()])
        #expect(SettingsJournal.parse(Data("not a journal\n".utf8)) == nil)
    }
}
