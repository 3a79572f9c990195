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

    @Test func userDefaultsStoreWritesItsSuiteFileAndScopesKeys() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.file("preferences")
        let store = try UserDefaultsStore(suiteFile: suite, prefix: "invitations.")
        try store.setValue(Registration(name: "Ada", email: "ada@example.org"), forKey: "registration")
        #expect(try store.value(Registration.self, forKey: "registration") == Registration(name: "Ada", email: "ada@example.org"))
        #expect(try UserDefaultsStore(suiteFile: suite, prefix: "chats.").data(forKey: "registration") == nil, "keys are per prefix")
        // synchronize() wrote the file, so another process reads it (see the end-to-end store test).
        let onDisk = try PropertyListSerialization.propertyList(from: Data(contentsOf: directory.file("preferences.plist")), format: nil)
        #expect((onDisk as? [String: Any])?["invitations.registration"] != nil)
        store.set(nil, forKey: "registration")
        #expect(store.data(forKey: "registration") == nil)
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
