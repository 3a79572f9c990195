import Testing

@testable import FeatureHostRuntime

@Suite struct InotifyRecordTests {
    /// One record as the kernel lays it out: wd, mask, cookie, len, then the name padded with NULs.
    func record(watch: Int32, mask: UInt32, name: String, padTo length: Int? = nil) -> [UInt8] {
        var name = Array(name.utf8)
        if !name.isEmpty { name += [UInt8](repeating: 0, count: max((length ?? 0) - name.count, 1)) }
        var bytes: [UInt8] = []
        for field in [UInt32(bitPattern: watch), mask, 0, UInt32(name.count)] {
            withUnsafeBytes(of: field) { bytes += $0 }
        }
        return bytes + name
    }

    @Test func readsSeveralRecords() {
        let bytes = record(watch: 1, mask: 0x8, name: "featurehost.json", padTo: 32) + record(watch: 2, mask: 0x400, name: "")
        #expect(
            InotifyRecord.parse(bytes[...]) == [
                InotifyRecord(watch: 1, mask: 0x8, name: Array("featurehost.json".utf8)),
                InotifyRecord(watch: 2, mask: 0x400, name: []),
            ])
    }

    @Test func aRecordCutShortEndsTheParse() {
        let whole = record(watch: 1, mask: 0x8, name: "a.json", padTo: 16)
        let bytes = whole + record(watch: 3, mask: 0x2, name: "b.json", padTo: 16).prefix(20)
        #expect(InotifyRecord.parse(bytes[...]).map(\.watch) == [1])
        #expect(InotifyRecord.parse(whole.prefix(10)).isEmpty)
    }

    @Test func aLengthPastTheBytesReadIsNotTrusted() {
        var bytes = record(watch: 1, mask: 0x8, name: "a.json", padTo: 16)
        // len = 0xFFFFFFFF
        for index in 12..<16 { bytes[index] = 0xFF }
        #expect(InotifyRecord.parse(bytes[...]).isEmpty)
    }
}
