import DataSources
import FeatureHostCore
import Foundation

/// Decodes `{"status": "success", "content": [Article]}`.
///
/// A status other than `success` fails the whole reply. Inside `content`, an article that cannot be read is
/// skipped and recorded, not fatal; a reply whose every article is bad fails, because replacing a good saved list
/// with nothing is never what the server meant.
public enum ArticleFeedDecoder {
    public static let successStatus = "success"

    public static func decode(_ data: Data) throws -> ArticleFeed {
        let envelope = try StrictJSONPayload.decode(Envelope.self, from: data)
        let parser = ArticleDateParser()
        var articles: [Article] = []
        articles.reserveCapacity(envelope.content.count)
        var skipped: [SkippedArticle] = []
        var firstIndexOfID: [Int64: Int] = [:]
        for (index, slot) in envelope.content.enumerated() {
            let raw: RawArticle
            switch slot.result {
            case .failure(let error):
                skipped.append(SkippedArticle(index: index, id: slot.id, reason: reason(error)))
                continue
            case .success(let value):
                raw = value
            }
            guard let published = parser.date(from: raw.dateTime) else {
                let reason =
                    "at content[\(index)].dateTime: \"\(TextLimit.excerpt.apply(raw.dateTime))\" is not a date in the form dd.MM.yyyy HH:mm"
                skipped.append(SkippedArticle(index: index, id: raw.id, reason: reason))
                continue
            }
            if let first = firstIndexOfID[raw.id] {
                let reason = "at content[\(index)].id: \(raw.id) repeats the id of content[\(first)]"
                skipped.append(SkippedArticle(index: index, id: nil, reason: reason))
                continue
            }
            firstIndexOfID[raw.id] = index
            articles.append(
                Article(
                    id: raw.id, title: raw.title, ingress: raw.ingress, image: raw.image, published: published,
                    tags: raw.tags,
                    // Only `text` items exist (spec, "Item"); an unknown type is a newer server's addition, not an error.
                    content: raw.content.filter { $0.type == ArticleContentItem.textType }.map {
                        ArticleContentItem(type: $0.type, subject: $0.subject, description: $0.description)
                    },
                    created: raw.created, changed: raw.changed))
        }
        if articles.isEmpty, let first = skipped.first {
            let count = envelope.content.count
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [Envelope.CodingKeys.content],
                    debugDescription: "none of the \(count) article\(count == 1 ? "" : "s") could be read (\(first.reason))"))
        }
        return ArticleFeed(articles: articles, skipped: skipped)
    }

    static func reason(_ error: any Error) -> String {
        (error as? DecodingError)?.readableDescription ?? error.localizedDescription
    }

    struct Envelope: Decodable {
        var content: [Slot]

        enum CodingKeys: String, CodingKey {
            case status, content
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let status = try container.decode(String.self, forKey: .status)
            guard status == ArticleFeedDecoder.successStatus else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [CodingKeys.status],
                        debugDescription: "the server reported \"\(TextLimit.excerpt.apply(status))\" instead of \"success\""))
            }
            content = try container.decode([Slot].self, forKey: .content)
        }
    }

    /// Decoding a slot never fails, so one bad element does not stop the array (a failed element would not
    /// advance the unkeyed container).
    struct Slot: Decodable {
        var result: Result<RawArticle, any Error>
        /// The id of a bad article, when at least that can be read.
        var id: Int64?

        private enum IDKey: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            do {
                let article = try RawArticle(from: decoder)
                result = .success(article)
                id = article.id
            } catch {
                result = .failure(error)
                id = try? decoder.container(keyedBy: IDKey.self).decode(Int64.self, forKey: .id)
            }
        }
    }
}
