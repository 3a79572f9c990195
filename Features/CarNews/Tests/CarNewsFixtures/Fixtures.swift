import CarNewsFeature
import Foundation

/// Replies and articles shared by the tests.
package enum Fixtures {
    /// The real server's quirks (design notes): `serverTime`, escaped slashes and dashes, an apostrophe, trailing
    /// spaces, `tags: []`, 0 or 1 content items, ordered by id descending rather than by date.
    package static let quirkyReply = #"""
        {"status":"success","content":[{"id":119302,"title":"Q7 \u2013 Greatness starts, when you don't stop.","ingress":"The new Q7 is lighter. ","image":"https:\/\/www.apphusetreach.no\/sites\/default\/files\/audi_q7.jpg","dateTime":"25.05.2018 14:13","tags":[],"content":[{"type":"text","subject":"Lighter by 325 kg","description":"Aluminium brings the weight down. "}],"created":1527257580,"changed":1527257613},{"id":119301,"title":"A8 \u2013 night vision","ingress":"An infrared camera.","image":"https:\/\/www.apphusetreach.no\/sites\/default\/files\/audi_a8.jpg","dateTime":"16.03.2026 09:05","tags":[],"content":[],"created":1773651900,"changed":1773651900}],"serverTime":1658175403}
        """#

    /// 25.05.2018 14:13 UTC (design notes).
    package static let may2018 = Date(timeIntervalSince1970: 1_527_257_580)
    /// 16.03.2026 09:05 UTC: the same day as `TestHost`'s default now (2026-03-16 12:34 UTC).
    package static let march2026 = Date(timeIntervalSince1970: 1_773_651_900)

    package static let quirkyArticles = [
        Article(
            id: 119302, title: "Q7 – Greatness starts, when you don't stop.", ingress: "The new Q7 is lighter. ",
            image: "https://www.apphusetreach.no/sites/default/files/audi_q7.jpg", published: may2018, tags: [],
            content: [ArticleContentItem(subject: "Lighter by 325 kg", description: "Aluminium brings the weight down. ")],
            created: 1_527_257_580, changed: 1_527_257_613),
        Article(
            id: 119301, title: "A8 – night vision", ingress: "An infrared camera.",
            image: "https://www.apphusetreach.no/sites/default/files/audi_a8.jpg", published: march2026, tags: [],
            content: [], created: 1_773_651_900, changed: 1_773_651_900),
    ]

    /// A reply of `articles` in the API's schema.
    package static func reply(_ articles: [Article], status: String = "success") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd.MM.yyyy HH:mm"
        let content: [[String: Any]] = articles.map { article in
            var object: [String: Any] = [
                "id": article.id, "title": article.title, "ingress": article.ingress, "image": article.image,
                "dateTime": formatter.string(from: article.published), "tags": article.tags,
                "content": article.content.map { ["type": $0.type, "subject": $0.subject, "description": $0.description] },
            ]
            if let created = article.created { object["created"] = created }
            if let changed = article.changed { object["changed"] = changed }
            return object
        }
        let root: [String: Any] = ["status": status, "content": content, "serverTime": 1_658_175_403]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A simple article at `minutes` after 2026-03-16 00:00 UTC.
    package static func article(_ id: Int64, _ title: String, minutes: Int, image: String = "") -> Article {
        Article(
            id: id, title: title, ingress: "Ingress \(id).", image: image,
            published: Date(timeIntervalSince1970: 1_773_619_200 + TimeInterval(minutes * 60)),
            content: [ArticleContentItem(subject: "Subject \(id)", description: "Description \(id).")])
    }
}
