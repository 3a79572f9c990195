import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite struct XMLPropertyListTests {
    @Test func aBinaryPlistIsRefusedBeforeFoundationReadsIt() {
        // Foundation traps on this one (FuzzFindings); refusing every binary plist keeps it from ever seeing one.
        #expect(throws: XMLPropertyList.FormatError.self) { try XMLPropertyList.object(from: FuzzFindings.binaryPlistWithASet) }
        #expect {
            try XMLPropertyList.decode([String: Int].self, from: FuzzFindings.binaryPlistWithASet)
        } throws: { error in
            "\(error)".contains("binary property list") && "\(error)".contains("plutil -convert xml1")
        }
    }

    @Test func anythingButXMLIsRefusedWithWhatItShouldStartWith() {
        for text in ["{ a = 1; }", "[1, 2]", "", "plist"] {
            #expect {
                try XMLPropertyList.object(from: Data(text.utf8))
            } throws: { error in
                "\(error)".contains("does not start like an XML property list")
            }
        }
    }

    @Test func xmlThatIsNotUTF8IsRefusedWithWhere() {
        // Foundation's decoder hits a fatal error on this one (FuzzFindings).
        #expect {
            try XMLPropertyList.decode([[String: Int]].self, from: FuzzFindings.xmlPlistWithInvalidUTF8)
        } throws: { error in
            "\(error)" == "it is not valid UTF-8 (at byte 75)"
        }
        let bad = Data("<plist><string>caf".utf8) + Data([0xC3, 0x28]) + Data("</string></plist>".utf8)
        #expect {
            try XMLPropertyList.object(from: bad)
        } throws: { error in
            "\(error)" == "it is not valid UTF-8 (at byte 18)"
        }
    }

    @Test func xmlIsReadWithAByteOrderMarkAndLeadingSpace() throws {
        let xml = "\u{FEFF}\n  <?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><integer>1</integer></dict></plist>"
        #expect(try XMLPropertyList.decode([String: Int].self, from: Data(xml.utf8)) == ["a": 1])
        let bare = "<plist version=\"1.0\"><array><string>x</string></array></plist>"
        #expect(try XMLPropertyList.object(from: Data(bare.utf8)) as? [String] == ["x"])
    }

    @Test func aPlistSourceGivingABinaryFileNamesTheFileAndTheFix() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cars.plist")
        try FuzzFindings.binaryPlistWithASet.write(to: file)
        let source = FileSource(file: file, format: .plist, decoder: PayloadDecoder<[String: Int]>.standard())
        await #expect {
            try await source.load()
        } throws: { error in
            let message = error.userFacingMessage
            return message.contains(file.lastPathComponent) && message.contains("binary property list")
        }
    }

    private static func nested(_ levels: Int, open: String = "<array>", close: String = "</array>") -> Data {
        Data(
            ("<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: open, count: levels)
                + String(repeating: close, count: levels) + "</plist>").utf8)
    }

    /// 10,000 nested arrays (146 KB) crashed the chats plist source in Foundation's XML scanner (SIGSEGV,
    /// conformance review 4.3): both readers refuse them first, with where.
    @Test func deepNestingIsRefusedBeforeFoundationReadsIt() {
        let deep = Self.nested(10_000)
        let expected = "it nests arrays and dictionaries more than 512 levels deep (at byte 3626)"
        #expect {
            try XMLPropertyList.decode([[String]].self, from: deep)
        } throws: { error in
            "\(error)" == expected
        }
        #expect {
            try XMLPropertyList.object(from: deep)
        } throws: { error in
            "\(error)" == expected
        }
        let dicts = Self.nested(3_000, open: "<dict><key>k</key>", close: "</dict>")
        #expect(throws: XMLPropertyList.FormatError.self) { try XMLPropertyList.object(from: dicts) }
    }

    @Test func nestingUpToTheLimitIsReadAndTagsInTextDoNotCount() throws {
        #expect(try XMLPropertyList.object(from: Self.nested(512)) is [Any])
        // Empty elements, comments and CDATA open nothing.
        let text =
            "<plist><array>" + String(repeating: "<array/><dict/><!-- <array> -->", count: 600)
            + "<string><![CDATA[" + String(repeating: "<array>", count: 600) + "]]></string></array></plist>"
        #expect(try XMLPropertyList.object(from: Data(text.utf8)) is [Any])
    }
}
