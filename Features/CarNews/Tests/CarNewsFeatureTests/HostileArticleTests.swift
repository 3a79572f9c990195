import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// What a feed or a saved database may hold, and what reaches a view state (issue 24, point 4).
@Suite("Hostile articles")
struct HostileArticleTests {
    let huge = String(repeating: "t", count: 5_000_000)

    /// A 5 MB title once left the web page unrendered while the host spun; every text is cut where articles come
    /// in, and an article keeps at most 50 tags and 200 paragraphs.
    @Test("a 5 MB title, lead and paragraph are cut where the feed is decoded")
    func hugeFeed() throws {
        let item = #"{"type":"text","subject":"\#(huge)","description":"\#(huge)"}"#
        let tags = (0..<300).map { #""tag\#($0)""# }.joined(separator: ",")
        let items = ([item] + Array(repeating: #"{"type":"text","subject":"s","description":"d"}"#, count: 299)).joined(separator: ",")
        let json =
            #"{"status":"success","content":[{"id":1,"title":"\#(huge)","dateTime":"01.01.2020 00:00","ingress":"\#(huge)","#
            + #""image":"https://example.org/\#(huge).jpg","tags":[\#(tags)],"content":[\#(items)]}]}"#
        let article = try #require(try ArticleFeedDecoder.decode(Data(json.utf8)).articles.first)
        #expect(article.title.count == TextLimit.title.maximumCharacters && article.title.hasSuffix("…"))
        #expect(article.ingress.count == TextLimit.body.maximumCharacters)
        #expect(article.image == "", "an image URL too long to use is dropped")
        #expect(article.tags.count == Article.maximumTags)
        #expect(article.content.count == Article.maximumContentItems)
        #expect(article.content[0].subject.count == TextLimit.title.maximumCharacters)
        #expect(article.content[0].description.count == TextLimit.body.maximumCharacters)
    }

    /// 200 paragraphs of 100,000 characters (20 MB) once took the host seconds to open: an article keeps about
    /// 800 KB of text in all, the paragraph that passes it cut and the rest left out.
    @Test("an article's text is bounded as a whole")
    func hugeArticle() throws {
        let paragraph = String(repeating: "word ", count: 20_000)
        let items = (0..<200).map { #"{"type":"text","subject":"Part \#($0)","description":"\#(paragraph)"}"# }.joined(separator: ",")
        let json = #"{"status":"success","content":[{"id":1,"title":"T","dateTime":"01.01.2020 00:00","content":[\#(items)]}]}"#
        let article = try #require(try ArticleFeedDecoder.decode(Data(json.utf8)).articles.first)
        let bytes = article.ingress.utf8.count + article.content.reduce(0) { $0 + $1.subject.utf8.count + $1.description.utf8.count }
        #expect(bytes <= Article.maximumTextBytes + 4 * TextLimit.title.maximumCharacters)
        #expect(article.content.count == 8)
        #expect(article.content.last?.description.hasSuffix("…") == true)
        #expect(article.content.first?.description == paragraph)
    }

    @Test("a reason quotes a bad value by its start only")
    func hugeBadDate() throws {
        let json =
            #"{"status":"success","content":[{"id":1,"title":"T","dateTime":"\#(huge)"},{"id":2,"title":"U","dateTime":"01.01.2020 00:00"}]}"#
        let feed = try ArticleFeedDecoder.decode(Data(json.utf8))
        #expect(feed.skipped.first?.reason.count ?? .max < 300)
    }

    /// The database is a file in the data directory, not trusted either: what it holds is cut as it is read.
    @Test("a huge title in the saved database is cut when read")
    func hugeSavedTitle() throws {
        let directory = try TemporaryDirectory("car-news-hostile")
        let store = try ArticleDatabase(file: directory.file(ArticleDatabase.fileName), now: { Date() })
        var article = Article(id: 1, title: "T", published: Date(timeIntervalSince1970: 1_577_836_800))
        article.title = huge  // past the initialiser, as a file edited by someone else would be
        article.content = [ArticleContentItem(subject: "s", description: "d")]
        article.content[0].description = huge
        try store.save([article], at: Date())
        #expect(try store.summaries().first?.title.count == TextLimit.title.maximumCharacters)
        let read = try #require(try store.article(id: 1))
        #expect(read.title.count == TextLimit.title.maximumCharacters)
        #expect(read.content.first?.description.count == TextLimit.body.maximumCharacters)
    }
}
