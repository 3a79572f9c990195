import CarNewsFeature
import FuzzSupport

/// A `get_articles_list` reply through the decoder the car-news sources use: a feed whose every article is
/// readable and unique, or an error with a message; never an empty feed where the reply had articles.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCarNewsFeed(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let feed = try? ArticleFeedDecoder.decode(input.data) else { return 0 }
    fuzzInvariant(!feed.articles.isEmpty || feed.skipped.isEmpty, "every article was skipped, yet the feed was accepted")
    fuzzInvariant(Set(feed.articles.map(\.id)).count == feed.articles.count, "two articles share an id")
    fuzzInvariant(feed.skipped.allSatisfy { !$0.reason.isEmpty }, "a skipped article without a reason")
    return 0
}
