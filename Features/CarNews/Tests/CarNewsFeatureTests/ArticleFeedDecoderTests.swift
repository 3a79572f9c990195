import CarNewsFixtures
import DataSources
import Foundation
import Testing

@testable import CarNewsFeature

@Suite("Decoding get_articles_list")
struct ArticleFeedDecoderTests {
    private func decode(_ text: String) throws -> ArticleFeed {
        try ArticleFeedDecoder.decode(Data(text.utf8))
    }

    private func failure(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "no error"
        } catch {
            return ArticleFeedDecoder.reason(error)
        }
    }

    @Test("every quirk of the real reply decodes, in the server's order")
    func quirks() throws {
        #expect(try decode(Fixtures.quirkyReply) == ArticleFeed(articles: Fixtures.quirkyArticles))
    }

    @Test("dateTime is UTC: 25.05.2018 14:13 is Unix time 1527257580")
    func dateTimeIsUTC() throws {
        let feed = try decode(Fixtures.quirkyReply)
        #expect(feed.articles.first?.published.timeIntervalSince1970 == 1_527_257_580)
    }

    @Test("an empty content array is a good, empty list")
    func emptyContent() throws {
        #expect(try decode(#"{"status":"success","content":[]}"#) == ArticleFeed(articles: []))
    }

    @Test("missing optional fields and nulls default to empty; unknown keys are ignored")
    func lenientOptionalFields() throws {
        let feed = try decode(
            #"{"status":"success","extra":{"a":1},"content":[{"id":1,"title":"T","dateTime":"01.01.2020 00:00","image":null,"more":[1,2]}]}"#
        )
        #expect(
            feed == ArticleFeed(articles: [Article(id: 1, title: "T", published: Date(timeIntervalSince1970: 1_577_836_800))]))
    }

    @Test("content items of a type other than text are dropped, not fatal")
    func unknownItemType() throws {
        let feed = try decode(
            #"{"status":"success","content":[{"id":1,"title":"T","dateTime":"01.01.2020 00:00","tags":["a"],"content":[{"type":"video","subject":"V","description":"D"},{"type":"text","subject":"S"}]}]}"#
        )
        #expect(feed.articles.first?.content == [ArticleContentItem(subject: "S", description: "")])
        #expect(feed.articles.first?.tags == ["a"])
    }

    @Test("one bad article is skipped and counted; the rest of the list survives")
    func badArticlesSkipped() throws {
        let feed = try decode(
            #"""
            {"status":"success","content":[
              {"id":1,"title":"Good","dateTime":"01.01.2020 00:00"},
              {"id":2,"title":42,"dateTime":"01.01.2020 00:00"},
              {"id":3,"title":"Bad date","dateTime":"2020-01-01T00:00:00Z"},
              {"title":"No id","dateTime":"01.01.2020 00:00"},
              null,
              "text",
              {"id":1,"title":"Duplicate","dateTime":"02.01.2020 00:00"},
              {"id":4,"title":"Bad item","dateTime":"01.01.2020 00:00","content":[{"subject":"no type"}]},
              {"id":5,"title":"Also good","dateTime":"31.12.2019 23:59"}
            ]}
            """#)
        #expect(feed.articles.map(\.id) == [1, 5])
        #expect(feed.skipped.map(\.index) == [1, 2, 3, 4, 5, 6, 7])
        #expect(feed.skipped.map(\.id) == [2, 3, nil, nil, nil, nil, 4])
        #expect(feed.skipped[0].reason.hasPrefix("at content[1].title: expected a string"))
        #expect(
            feed.skipped[1].reason
                == #"at content[2].dateTime: "2020-01-01T00:00:00Z" is not a date in the form dd.MM.yyyy HH:mm"#)
        #expect(feed.skipped[2].reason == #"at content[3].id: the key "id" is missing"#)
        #expect(feed.skipped[5].reason == "at content[6].id: 1 repeats the id of content[0]")
        #expect(feed.skipped[6].reason.hasPrefix("at content[7].content[0].type: the key \"type\" is missing"))
    }

    @Test("impossible dates are bad articles, not rolled over")
    func impossibleDates() throws {
        for text in ["32.01.2020 10:00", "29.02.2019 10:00", "01.13.2020 10:00", "01.01.2020 24:30", "01.01.2020", ""] {
            let feed = try decode(
                #"{"status":"success","content":[{"id":1,"title":"A","dateTime":"01.01.2020 00:00"},{"id":2,"title":"B","dateTime":"\#(text)"}]}"#
            )
            #expect(feed.articles.map(\.id) == [1], "\(text)")
            #expect(feed.skipped.map(\.id) == [2], "\(text)")
        }
    }

    @Test("a status other than success fails the reply, whatever its content")
    func failedStatus() {
        #expect(failure(#"{"status":"error","content":[]}"#) == #"at status: the server reported "error" instead of "success""#)
        #expect(failure(#"{"status":"error"}"#) == #"at status: the server reported "error" instead of "success""#)
        #expect(failure(#"{"content":[]}"#) == #"at status: the key "status" is missing"#)
    }

    @Test("a reply whose every article is bad fails, so it cannot replace a good list")
    func everyArticleBad() {
        #expect(
            failure(#"{"status":"success","content":[{"id":1}]}"#)
                == #"at content: none of the 1 article could be read (at content[0].title: the key "title" is missing)"#)
    }

    @Test("garbage, HTML and a wrong top level fail")
    func garbage() {
        #expect(failure("<html>502 Bad Gateway</html>") != "no error")
        #expect(failure("") != "no error")
        #expect(failure("[]") != "no error")
        #expect(failure(#"{"status":"success","content":{}}"#).hasPrefix("at content: expected an array"))
    }

    @Test("the bundled sample decodes with nothing skipped")
    func bundledSample() throws {
        let file = try #require(CarNewsSamples.file)
        let feed = try ArticleFeedDecoder.decode(Data(contentsOf: file))
        #expect(feed.articles.count == 7)
        #expect(feed.skipped.isEmpty)
        #expect(feed.articles.contains { $0.content.isEmpty })
    }

    /// JSONDecoder checks only what it decodes: the car-news feed was shown from these (conformance review 1.2).
    @Test(
        "invalid JSON in a member no field reads fails the reply, naming where",
        arguments: [
            (#"["\x"]"#, #"line 1, column 31: \x is not an escape JSON knows"#),
            ("[-01]", "line 1, column 30: a number cannot start with 0 followed by digits."),
            ("[1.e5]", #"line 1, column 30: a number needs digits after ".""#),
            ("[\"\u{1}raw\"]", "line 1, column 31: a control character (the control character 0x1) inside a string"),
            ("[1,]", #"line 1, column 31: a trailing comma before "]"; remove it."#),
        ])
    func invalidUnreadMember(member: String, fault: String) {
        let reply = #"{"status":"success","extra":"# + member + #","content":[{"id":1,"title":"T","dateTime":"01.01.2020 00:00"}]}"#
        let reason = failure(reply)
        #expect(reason.hasPrefix("The given data was not valid JSON: " + fault), "\(member): \(reason)")
    }

    @Test("a trailing comma after the last article or member fails the reply")
    func trailingCommas() {
        let article = #"{"id":1,"title":"T","dateTime":"01.01.2020 00:00"}"#
        #expect(failure(#"{"status":"success","content":["# + article + "]}") == "no error")
        #expect(failure(#"{"status":"success","content":["# + article + ",]}").contains("a trailing comma before \"]\""))
        #expect(failure(#"{"status":"success","content":["# + article + "],}").contains("a trailing comma before \"}\""))
    }
}
