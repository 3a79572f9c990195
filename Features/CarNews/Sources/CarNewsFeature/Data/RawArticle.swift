/// An article exactly as the JSON has it, before its date is parsed.
///
/// `id`, `title` and `dateTime` are required: without them an article cannot be listed. The other fields may be
/// missing or null (they default to empty), but a field that is present with the wrong type makes the article bad.
/// Unknown keys are ignored.
struct RawArticle: Decodable {
    var id: Int64
    var title: String
    var ingress: String
    var image: String
    var dateTime: String
    var tags: [String]
    var content: [RawContentItem]
    var created: Int64?
    var changed: Int64?

    enum CodingKeys: String, CodingKey {
        case id, title, ingress, image, dateTime, tags, content, created, changed
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        dateTime = try container.decode(String.self, forKey: .dateTime)
        ingress = try container.decodeIfPresent(String.self, forKey: .ingress) ?? ""
        image = try container.decodeIfPresent(String.self, forKey: .image) ?? ""
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        content = try container.decodeIfPresent([RawContentItem].self, forKey: .content) ?? []
        created = try container.decodeIfPresent(Int64.self, forKey: .created)
        changed = try container.decodeIfPresent(Int64.self, forKey: .changed)
    }
}

/// A content item as the JSON has it. `type` is required; `subject` and `description` default to empty.
struct RawContentItem: Decodable {
    var type: String
    var subject: String
    var description: String

    enum CodingKeys: String, CodingKey {
        case type, subject, description
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        subject = try container.decodeIfPresent(String.self, forKey: .subject) ?? ""
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    }
}
