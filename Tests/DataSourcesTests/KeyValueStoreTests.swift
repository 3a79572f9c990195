import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

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
        store.set(nil, forKey: "registration")
        #expect(store.data(forKey: "registration") == nil)
        #expect(store.damageNotice == nil)
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
        pins.set(Data("[1]".utf8), forKey: "unpinned-ids")
        invitations.set(Data("{}".utf8), forKey: "registration")
        pins.set(Data("[1,2]".utf8), forKey: "unpinned-ids")
        #expect(invitations.data(forKey: "registration") == Data("{}".utf8))
        #expect(pins.data(forKey: "unpinned-ids") == Data("[1,2]".utf8))
    }

    /// What `UserDefaults` left after a kill between its truncating open and its write (an empty file), and any
    /// other unreadable file: reported, kept, and moved aside rather than overwritten by the next save.
    @Test(arguments: ["", "<?xml version=\"1.0\"?><plist><dict><key>transactions.unpinned-ids</key><da"])
    func aDamagedFileIsReportedAndMovedAsideNeverOverwritten(contents: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(contents, to: "preferences.plist")
        let store = try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions.")
        #expect(store.data(forKey: "unpinned-ids") == nil)
        #expect(store.damageNotice?.contains("cannot be read") == true)
        #expect(try String(contentsOf: file, encoding: .utf8) == contents, "reading never changes the file")

        store.set(Data("[7]".utf8), forKey: "unpinned-ids")
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("preferences.plist.corrupt-") }
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
        store.set(Data("1".utf8), forKey: "seen")
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
}
