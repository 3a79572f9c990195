import ChatsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

@Suite("Decoding the data.plist schema")
struct DecodingTests {
    /// A file in the exact shape of the original `data.plist`, with its edge cases.
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
            <dict>
                <key>identifier</key><integer>1</integer>
                <key>fullname</key><string>Jim O’Neil</string>
                <key>avatarURL</key><string></string>
                <key>message</key><string>I’m on my way — see you soon.</string>
                <key>unreadMessagesCount</key><integer>0</integer>
                <key>sendingDate</key><date>2015-11-03T10:15:00Z</date>
            </dict>
            <dict>
                <key>identifier</key><integer>2</integer>
                <key>fullname</key><string>Ann Lee</string>
                <key>avatarURL</key><string>http://images.example.com/ann.png</string>
                <key>message</key><string>Line one
        line two</string>
                <key>unreadMessagesCount</key><integer>120</integer>
                <key>sendingDate</key><date>2015-11-03T23:59:59Z</date>
            </dict>
        </array>
        </plist>
        """

    @Test func decodesThePlistSchemaWithItsEdgeCases() throws {
        let chats = try ChatsDecoding.payload.decode(Data(Self.plist.utf8), .plist)
        #expect(
            chats == [
                Chat(
                    identifier: 1, fullname: "Jim O’Neil", avatarURL: "", message: "I’m on my way — see you soon.",
                    unreadMessagesCount: 0, sendingDate: Date(timeIntervalSince1970: 1_446_545_700)),
                Chat(
                    identifier: 2, fullname: "Ann Lee", avatarURL: "http://images.example.com/ann.png",
                    message: "Line one\nline two", unreadMessagesCount: 120,
                    sendingDate: Date(timeIntervalSince1970: 1_446_595_199)),
            ])
        #expect(chats[0].avatar == nil)
        #expect(chats[1].avatar == URL(string: "http://images.example.com/ann.png"))
    }

    @Test func aBinaryPlistIsRefusedNotRead() {
        // Foundation traps on a set inside a binary plist (FuzzFindings); a chats payload never reaches it.
        #expect {
            try ChatsDecoding.payload.decode(FuzzFindings.binaryPlistWithASet, .plist)
        } throws: { error in
            "\(error)".contains("binary property list")
        }
        // Foundation's decoder hit a fatal error on bytes that are not UTF-8 inside an element (FuzzChats).
        #expect {
            try ChatsDecoding.payload.decode(FuzzFindings.xmlPlistWithInvalidUTF8, .plist)
        } throws: { error in
            "\(error)".contains("not valid UTF-8")
        }
    }

    @Test func unusableAvatarURLsMeanNoAvatar() {
        for text in ["", "   ", "not a url", "ftp://example.com/a.png", "file:///etc/passwd", "/relative.png", "http://"] {
            #expect(Fixtures.chat(1, "A", avatar: text).avatar == nil, "\(text)")
        }
        #expect(Fixtures.chat(1, "A", avatar: " https://example.com/a.png ").avatar == URL(string: "https://example.com/a.png"))
    }

    @Test func decodesTheJSONFormWithISO8601Dates() throws {
        let json = """
            [{"identifier": 7, "fullname": "Zoë", "avatarURL": "https:\\/\\/example.com\\/z.jpg", "message": "It’s done \\u2014 finally",
              "unreadMessagesCount": 3, "sendingDate": "2015-11-03T10:15:00Z", "extra": true},
             {"identifier": 8, "fullname": "Bo", "avatarURL": "", "message": "", "unreadMessagesCount": 0,
              "sendingDate": "2015-11-03T11:15:00.250+01:00"}]
            """
        let chats = try ChatsDecoding.payload.decode(Data(json.utf8), .json)
        #expect(chats.count == 2)
        #expect(chats[0].avatarURL == "https://example.com/z.jpg")
        #expect(chats[0].message == "It’s done — finally")
        #expect(chats[0].sendingDate == Date(timeIntervalSince1970: 1_446_545_700))
        #expect(chats[1].sendingDate == Date(timeIntervalSince1970: 1_446_545_700.25))
    }

    @Test func badInputFailsWithThePlaceNamed() throws {
        let badDate =
            #"[{"identifier": 1, "fullname": "A", "avatarURL": "", "message": "", "unreadMessagesCount": 0, "sendingDate": "yesterday"}]"#
        let missing = #"[{"identifier": 1, "fullname": "A", "avatarURL": "", "message": "", "sendingDate": "2015-11-03T10:15:00Z"}]"#
        let wrongType =
            #"[{"identifier": "one", "fullname": "A", "avatarURL": "", "message": "", "unreadMessagesCount": 0, "sendingDate": "2015-11-03T10:15:00Z"}]"#
        #expect(message(badDate).contains("at [0].sendingDate"))
        #expect(message(badDate).contains("expected an ISO 8601 date such as 2015-11-03T10:15:00Z, found \"yesterday\""))
        #expect(message(missing) == "test.json could not be read at [0].unreadMessagesCount: the key \"unreadMessagesCount\" is missing")
        #expect(message(wrongType).hasPrefix("test.json could not be read at [0].identifier: expected a number"))
        #expect(message("{}").contains("test.json could not be read"))
    }

    @Test func foundationsWordsNeverReachTheUser() {
        func plistMessage(_ text: String) -> String {
            do {
                _ = try ChatsDecoding.payload.decode(Data(text.utf8), .plist)
                return "decoded"
            } catch {
                return PayloadDecodingError(source: "data.plist", error: error).description
            }
        }
        let dateAsString = Self.plist.replacingOccurrences(
            of: "<date>2015-11-03T10:15:00Z</date>", with: "<string>2015-11-03</string>")
        #expect(
            plistMessage(dateAsString)
                == "data.plist could not be read at [0].sendingDate: expected a date; another kind of value is there")
        let broken = Self.plist.replacingOccurrences(of: "</array>", with: "")
        #expect(plistMessage(broken) == "data.plist could not be read: it is not a readable XML property list.")
        #expect(message("[1, ") == "test.json could not be read: it is not valid JSON.")
        #expect(!message(#"[{"identifier": "one"}]"#).contains("Expected to decode"))
    }

    private func message(_ json: String) -> String {
        do {
            _ = try ChatsDecoding.payload.decode(Data(json.utf8), .json)
            return "decoded"
        } catch {
            return PayloadDecodingError(source: "test.json", error: error).description
        }
    }

    @Test func theBundledSamplesAgreeAndHaveTheSchema() throws {
        let samples = ChatsSources.samples
        let plistFile = try #require(samples.plistFile)
        let jsonFile = try #require(samples.jsonFile)
        let fromPlist = try ChatsDecoding.payload.decode(try Data(contentsOf: plistFile), .plist)
        let fromJSON = try ChatsDecoding.payload.decode(try Data(contentsOf: jsonFile), .json)
        #expect(fromPlist.count >= 12)
        #expect(fromPlist == ChatSamples.all)
        #expect(fromJSON == ChatSamples.all)
        // Exactly the original's keys, and its value types, in every row.
        let raw = try #require(
            try PropertyListSerialization.propertyList(from: try Data(contentsOf: plistFile), format: nil) as? [[String: Any]])
        for row in raw {
            #expect(Set(row.keys) == ["identifier", "fullname", "avatarURL", "message", "unreadMessagesCount", "sendingDate"])
            #expect(row["sendingDate"] is Date)
        }
        // The sample covers the edge cases the list must handle.
        #expect(ChatSamples.all.contains { $0.avatarURL.isEmpty })
        #expect(ChatSamples.all.contains { $0.unreadMessagesCount == 0 })
        #expect(ChatSamples.all.contains { $0.unreadMessagesCount > 99 })
        #expect(ChatSamples.all.contains { $0.message.contains("’") })
        #expect(ChatSamples.all.contains { $0.message.contains("—") })
        #expect(ChatSamples.all.allSatisfy { $0.avatarURL.isEmpty || $0.avatarURL.hasPrefix("http://") })
    }

    @Test func encodingRoundTripsBothForms() throws {
        let plist = try ChatsDecoding.encodePlist(ChatSamples.all)
        let json = try ChatsDecoding.encodeJSON(ChatSamples.all)
        #expect(try ChatsDecoding.payload.decode(plist, .plist) == ChatSamples.all)
        #expect(try ChatsDecoding.payload.decode(json, .json) == ChatSamples.all)
    }

    @Test func displayOrderIsNewestFirstAndStable() {
        let a = Fixtures.chat(1, "A", at: "2026-03-01T10:00:00Z")
        let b = Fixtures.chat(2, "B", at: "2026-03-02T10:00:00Z")
        let c = Fixtures.chat(3, "C", at: "2026-03-01T10:00:00Z")
        #expect([a, b, c].sortedForDisplay().map(\.identifier) == [2, 1, 3])
    }
}
