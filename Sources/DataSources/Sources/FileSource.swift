import FeatureHostCore
import Foundation

/// Reads a plist or JSON file and decodes it.
public struct FileSource<Record: Sendable>: DataSource {
    public let file: URL
    public let format: PayloadFormat
    public let decoder: PayloadDecoder<Record>

    public init(file: URL, format: PayloadFormat, decoder: PayloadDecoder<Record>) {
        self.file = file
        self.format = format
        self.decoder = decoder
    }

    public func load() async throws -> Loaded<Record> {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            let reason = FileManager.default.fileExists(atPath: file.path) ? "it cannot be read" : "the file does not exist"
            throw FeatureError("\(file.path): \(reason).")
        }
        do {
            return Loaded(try decoder.decode(data, format))
        } catch {
            throw FeatureError(PayloadDecodingError(source: file.path, error: error).description)
        }
    }
}
