import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// `snapshot`'s throwaway copy of a data directory (reliability review, failure 6): a FIFO anywhere made it wait
/// for ever, and it copied every byte (a 2 GB sparse file: 8.8 s and 2 GiB of writes).
@Suite(.onItsOwnThread) struct DataDirectoryCopyTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test(.timeLimit(.minutes(1))) func onlyWhatTheFeatureReadsIsCopiedAndOnlyFoldersAndRegularFiles() throws {
        let real = directory.file("data")
        try directory.write("<plist/>", to: "data/preferences.plist")
        try directory.write("rows", to: "data/features/car-news/articles.sqlite")
        try directory.write("other", to: "data/features/chats/secret.txt")
        try directory.write("outside", to: "outside.txt")
        #expect(mkfifo(real.appendingPathComponent("features/car-news/pipe").path, 0o600) == 0)
        #expect(mkfifo(real.appendingPathComponent("anything").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            at: real.appendingPathComponent("features/car-news/link.sqlite"), withDestinationURL: directory.file("outside.txt"))
        // A 2 GB file the feature never reads: sparse, so making it costs nothing; copying it would cost 2 GiB.
        try directory.write("", to: "data/cache/big.bin")
        #expect(truncate(real.appendingPathComponent("cache/big.bin").path, 2_000_000_000) == 0)

        let copy = directory.file("copy")
        try DataDirectoryCopy.copy(DataLayout.entries(readBy: FeatureID("car-news")), from: real, to: copy)
        let copied = try #require(FileManager.default.subpaths(atPath: copy.path)).sorted()
        #expect(copied == ["features", "features/car-news", "features/car-news/articles.sqlite", "preferences.plist"])
        #expect(try String(contentsOf: copy.appendingPathComponent("features/car-news/articles.sqlite"), encoding: .utf8) == "rows")
    }

    @Test func aCopyPastTheBoundIsRefusedNamingTheFile() throws {
        try directory.write(String(repeating: "x", count: 100), to: "data/features/chats/big.json")
        #expect {
            try DataDirectoryCopy.copy(
                DataLayout.entries(readBy: FeatureID("chats")), from: directory.file("data"), to: directory.file("copy"), maximumBytes: 64)
        } throws: { error in
            "\(error)" == "its files for this feature pass 64 bytes at features/chats/big.json; run with --save to read them in place"
        }
        #expect(DataDirectoryCopy.maximumBytes == 256 << 20)
    }

    @Test func aDataDirectoryThatDoesNotExistGivesAnEmptyCopy() throws {
        try DataDirectoryCopy.copy(DataLayout.entries(readBy: FeatureID("chats")), from: directory.file("none"), to: directory.file("copy"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("copy").path).isEmpty)
    }
}
