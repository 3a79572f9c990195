import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite struct FileAndMemorySourceTests {
    @Test func plistAndJSONFilesDecodeTheSameRecords() async throws {
        let directory = try TemporaryDirectory()
        let plist = FileSource(file: try directory.write(carsPlist, to: "cars.plist"), format: .plist, decoder: carDecoder)
        let json = FileSource(file: try directory.write(carsJSON, to: "cars.json"), format: .json, decoder: carDecoder)
        #expect(try await plist.load() == Loaded(cars))
        #expect(try await json.load() == Loaded(cars))
    }

    @Test func aMissingFileNamesThePath() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("nope.json")
        let source = FileSource(file: file, format: .json, decoder: carDecoder)
        await #expect(throws: FeatureError("\(file.path): the file does not exist.")) { try await source.load() }
    }

    @Test func aBadRecordNamesItsPlace() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"[{"name":"Q7","seats":7},{"name":"A1","seats":"four"}]"#, to: "bad.json")
        let source = FileSource(file: file, format: .json, decoder: carDecoder)
        await #expect {
            try await source.load()
        } throws: { error in
            let message = error.userFacingMessage
            return message.hasPrefix("\(file.path) could not be read at [1].seats: expected a number")
        }
    }

    @Test func inMemoryServesItsValue() async throws {
        #expect(try await InMemorySource(cars).load() == Loaded(cars))
    }
}
