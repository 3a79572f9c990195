import DataSources
import FeatureHostCore
import Foundation

/// The bundled sample reply (`Resources/car-news-sample.json`, the API's own schema and quirks): the `json-file`
/// kind reads it when the config names no path, and the `in-memory` kind decodes it.
enum CarNewsSamples {
    static var file: URL? { Bundle.module.url(forResource: "car-news-sample", withExtension: "json") }

    static var data: SampleData<ArticleFeed> {
        let file = self.file
        return SampleData(
            jsonFile: file,
            inMemory: {
                guard let file, let data = try? Data(contentsOf: file) else {
                    throw FeatureError("The bundled car news sample is missing from the app's resources; reinstall featurehost.")
                }
                return try ArticleFeedDecoder.decode(data)
            })
    }

    static let decoder = PayloadDecoder<ArticleFeed> { data, _ in try ArticleFeedDecoder.decode(data) }
}
