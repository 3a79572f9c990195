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

@Suite struct KeyValueStoreTests {
    struct Registration: Codable, Equatable {
        var name: String
        var email: String
    }

    @Test func plistFileStoreWritesItsFileAndScopesKeys() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let store = try PlistFileStore(suiteFile: suite, prefix: "invitations.")
        try store.setValue(Registration(name: "Ada", email: "ada@example.org"), forKey: "registration")
        #expect(try store.value(Registration.self, forKey: "registration") == Registration(name: "Ada", email: "ada@example.org"))
        #expect(try PlistFileStore(suiteFile: suite, prefix: "chats.").data(forKey: "registration") == nil, "keys are per prefix")
        // The file is written before `set` returns, so another process reads it (see the end-to-end store test).
        let onDisk = try PropertyListSerialization.propertyList(from: Data(contentsOf: directory.file("preferences.plist")), format: nil)
        #expect((onDisk as? [String: Any])?["invitations.registration"] != nil)
        try store.set(nil, forKey: "registration")
        #expect(store.data(forKey: "registration") == nil)
        #expect(store.damageNotice == nil)
    }

    /// Issue 37: a save is not fsynced on its own (a kill keeps it: the page cache outlives the process); a burst
    /// of saves leaves one sync due, which makes the file and its folder durable for all of them.
    @Test func aBurstOfSavesIsReadBackAtOnceAndSyncedOnce() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let store = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        #expect(!store.durability.isPending, "nothing saved, nothing to sync")
        for step in 1...20 {
            try store.setValue([step], forKey: "unpinned-ids")
            #expect(store.durability.isPending)
        }
        // Another store of the file (another process at its next start) reads the last save before any sync.
        #expect(try PlistFileStore(suiteFile: suite, prefix: "transactions.").value([Int].self, forKey: "unpinned-ids") == [20])
        #expect(!FileManager.default.fileExists(atPath: directory.file("preferences.plist.saving").path))
        store.durability.syncNow()
        #expect(!store.durability.isPending, "one sync covers the whole burst")
        #expect(try store.value([Int].self, forKey: "unpinned-ids") == [20])
    }

    @Test func aFileWrittenByUserDefaultsCarriesOver() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let defaults = try #require(UserDefaults(suiteName: suite.path))
        defaults.set(Data("[3,5]".utf8), forKey: "transactions.unpinned-ids")
        defaults.synchronize()
        let store = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        #expect(try store.value([Int].self, forKey: "unpinned-ids") == [3, 5])
    }

    @Test func twoStoresOfOneFileKeepEachOthersKeys() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let pins = try PlistFileStore(suiteFile: suite, prefix: "transactions.")
        let invitations = try PlistFileStore(suiteFile: suite, prefix: "invitations.")
        try pins.set(Data("[1]".utf8), forKey: "unpinned-ids")
        try invitations.set(Data("{}".utf8), forKey: "registration")
        try pins.set(Data("[1,2]".utf8), forKey: "unpinned-ids")
        #expect(invitations.data(forKey: "registration") == Data("{}".utf8))
        #expect(pins.data(forKey: "unpinned-ids") == Data("[1,2]".utf8))
    }

    /// Two sessions (two browser tabs) saving the same key at once, each through its own store of the file: every
    /// update reads what the other wrote, so none is lost.
    @Test func updatesFromTwoStoresAtOnceLoseNothing() async throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let stores = [
            try PlistFileStore(suiteFile: suite, prefix: "transactions."), try PlistFileStore(suiteFile: suite, prefix: "transactions."),
        ]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let store = stores[index % 2]
                group.addTask {
                    _ = try? store.update(forKey: "unpinned-ids") { data in
                        let ids = data.flatMap { try? JSONDecoder().decode([Int].self, from: $0) } ?? []
                        return try JSONEncoder().encode(ids + [index])
                    }
                }
            }
        }
        let ids = try #require(try stores[0].value([Int].self, forKey: "unpinned-ids"))
        #expect(ids.sorted() == Array(0..<40))
        // A transform that throws writes nothing.
        #expect(throws: FeatureError("no")) { try stores[1].update(forKey: "unpinned-ids") { _ in throw FeatureError("no") } }
        #expect(try stores[1].value([Int].self, forKey: "unpinned-ids")?.count == 40)
    }

    /// What `UserDefaults` left after a kill between its truncating open and its write (an empty file), and any
    /// other unreadable file: reported, kept, and moved aside rather than overwritten by the next save.
    @Test(arguments: ["", "<?xml version=\"1.0\"?><plist><dict><key>transactions.unpinned-ids</key><da"])
    func aDamagedFileIsReportedAndMovedAsideNeverOverwritten(contents: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(contents, to: "preferences.plist")
        let store = try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions.")
        #expect(store.data(forKey: "unpinned-ids") == nil)
        #expect(store.damageNotice?.contains("are damaged") == true)
        #expect(try String(contentsOf: file, encoding: .utf8) == contents, "reading never changes the file")

        try store.set(Data("[7]".utf8), forKey: "unpinned-ids")
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            $0.hasPrefix("preferences.plist.corrupt-")
        }
        #expect(aside.count == 1)
        #expect(try String(contentsOf: directory.file(aside.first ?? ""), encoding: .utf8) == contents)
        #expect(store.damageNotice?.contains("was moved to") == true)
        #expect(store.data(forKey: "unpinned-ids") == Data("[7]".utf8))
    }

    /// A binary plist (here the one Foundation traps on, FuzzFindings) is reported as damaged, never parsed.
    @Test func aBinaryPlistFileIsReportedNotParsed() throws {
        let directory = try TemporaryDirectory()
        try FuzzFindings.binaryPlistWithASet.write(to: directory.file("preferences.plist"))
        let store = try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions.")
        #expect(store.data(forKey: "unpinned-ids") == nil)
        #expect(store.damageNotice?.contains("not an XML property list") == true)
    }

    @Test func aStraySaveFromAKilledProcessIsReplaced() throws {
        let directory = try TemporaryDirectory()
        try directory.write("half a plist", to: "preferences.plist.saving")
        let store = try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "chats.")
        try store.set(Data("1".utf8), forKey: "seen")
        #expect(store.data(forKey: "seen") == Data("1".utf8))
        #expect(!FileManager.default.fileExists(atPath: directory.file("preferences.plist.saving").path))
    }

    @Test func anUnreadableValueNamesTheKey() throws {
        let store = InMemoryKeyValueStore(["pins": Data("not json".utf8)])
        #expect {
            try store.value([String].self, forKey: "pins")
        } throws: { error in
            error.userFacingMessage.hasPrefix("The stored value for \"pins\" cannot be read as Array<String>")
        }
    }

    // MARK: - Saves that fail

    /// A data directory whose place is taken by a file (works as root too, unlike a chmod): reading finds nothing
    /// and says why; a save throws with the path and the reason, and creates nothing.
    @Test func aFolderThatCannotBeMadeFailsTheSaveWithThePathAndTheReason() throws {
        let directory = try TemporaryDirectory()
        let blocker = try directory.write("a file", to: "data")
        let store = try PlistFileStore(suiteFile: blocker.appendingPathComponent("preferences"), prefix: "transactions.")
        #expect(store.data(forKey: "unpinned-ids") == nil)
        #expect(store.damageNotice == "The saved settings in \(blocker.path)/preferences.plist cannot be read: Not a directory.")
        #expect(throws: FeatureError("Cannot open the lock file \(blocker.path)/preferences.plist.lock: Not a directory.")) {
            try store.set(Data("[1]".utf8), forKey: "unpinned-ids")
        }
        let deeper = try PlistFileStore(suiteFile: blocker.appendingPathComponent("sub/preferences"), prefix: "x.")
        #expect(
            throws: FeatureError("Cannot create the folder \(blocker.path)/sub for \(blocker.path)/sub/preferences.plist: Not a directory.")
        ) {
            try deeper.set(Data("1".utf8), forKey: "k")
        }
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "a file")
    }

    /// A write that fails after the lock (here the temporary file cannot be made: a folder is in its place, which
    /// stops root as well): the error names the file and the reason, and the saved value is unchanged.
    @Test func aWriteThatFailsKeepsTheOldValueAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        let store = try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions.")
        try store.set(Data("[1]".utf8), forKey: "unpinned-ids")
        store.durability.syncNow()  // the next save is a burst's first, which writes the file whole
        try FileManager.default.createDirectory(at: directory.file("preferences.plist.saving"), withIntermediateDirectories: false)
        let saving = directory.file("preferences.plist.saving").path
        #expect(throws: FeatureError("Cannot create \(saving): Is a directory.")) {
            try store.set(Data("[1,2]".utf8), forKey: "unpinned-ids")
        }
        #expect(store.data(forKey: "unpinned-ids") == Data("[1]".utf8))
        #expect(
            try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions.").data(forKey: "unpinned-ids")
                == Data("[1]".utf8))
    }

    /// A full volume: the temporary file's writes fail with ENOSPC (here it leads to /dev/full, which is full for
    /// everyone, root included). Nothing of the failed save is left, and the old value stays.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullVolumeFailsTheSaveAndKeepsTheOldValue() throws {
        let directory = try TemporaryDirectory()
        let store = try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions.")
        try store.set(Data("[1]".utf8), forKey: "unpinned-ids")
        store.durability.syncNow()  // the next save is a burst's first, which writes the file whole
        let saving = directory.file("preferences.plist.saving").path
        try FileManager.default.createSymbolicLink(atPath: saving, withDestinationPath: "/dev/full")
        #expect(throws: FeatureError("Cannot write \(saving): No space left on device.")) {
            try store.set(Data("[1,2]".utf8), forKey: "unpinned-ids")
        }
        #expect(store.data(forKey: "unpinned-ids") == Data("[1]".utf8))
    }

    /// A read-only data directory, where permissions stop the writer (not as root, who passes every permission).
    @Test(.enabled(if: getuid() != 0))
    func aReadOnlyFolderFailsTheSave() throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
        let store = try PlistFileStore(suiteFile: data.appendingPathComponent("preferences"), prefix: "transactions.")
        chmod(data.path, 0o500)
        defer { chmod(data.path, 0o700) }
        #expect(throws: FeatureError("Cannot open the lock file \(data.path)/preferences.plist.lock: Permission denied.")) {
            try store.set(Data("[1]".utf8), forKey: "unpinned-ids")
        }
    }

    @Test func readingMakesNoFolder() throws {
        let directory = try TemporaryDirectory()
        let store = try PlistFileStore(suiteFile: directory.file("new/preferences"), prefix: "chats.")
        #expect(store.data(forKey: "seen") == nil)
        #expect(store.damageNotice == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.file("new").path))
        try store.set(Data("1".utf8), forKey: "seen")
        #expect(store.data(forKey: "seen") == Data("1".utf8))
    }

    @Test func anInMemoryStoreCanRefuseWrites() throws {
        let store = InMemoryKeyValueStore()
        store.refuseWrites("The disk is full.")
        #expect(throws: FeatureError("The disk is full.")) { try store.set(Data("1".utf8), forKey: "k") }
        #expect(store.keys == [])
        store.refuseWrites(nil)
        try store.set(Data("1".utf8), forKey: "k")
        #expect(store.keys == ["k"])
    }
}
