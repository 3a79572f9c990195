import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `featurehost serve`'s log: a reader that stops reading never blocks the writer (the server's I/O thread),
/// and what was dropped is counted and said (issue 16: a pipe nobody read froze the whole server).
@Suite struct BoundedLineWriterTests {
    @Test func aReaderThatStopsNeverBlocksTheWriterAndEveryDropIsCounted() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // Fill the pipe first, so the writer thread blocks on its first write however late it is scheduled (left
        // empty, a late thread could write its 100 queued lines into the pipe's room and the flush would succeed).
        let flags = fcntl(writeEnd, F_GETFL)
        _ = fcntl(writeEnd, F_SETFL, flags | O_NONBLOCK)
        let filler = [UInt8](repeating: UInt8(ascii: "\n"), count: 4096)
        while filler.withUnsafeBytes({ write(writeEnd, $0.baseAddress, $0.count) }) > 0 {}
        _ = fcntl(writeEnd, F_SETFL, flags)
        let writer = BoundedLineWriter(fileDescriptor: writeEnd, capacity: 100)
        // Far more than the pipe's buffer and the queue hold while nobody reads: every call returns.
        let total = 20_000
        for index in 0..<total { writer.write("line \(index) " + String(repeating: "x", count: 50)) }
        #expect(writer.droppedCount > 0)
        #expect(!writer.flush(timeout: .milliseconds(100)), "nobody reads, so the queue cannot be written")

        // Someone reads at last: every line still queued goes out, then the note on what was dropped.
        let received = Locked<[UInt8]>([])
        let done = BlockingGate()
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received.withValue { $0 += chunk[0..<count] }
            }
            done.open()
        }
        reader.start()
        #expect(writer.flush(timeout: .seconds(60)))
        writer.close()
        close(writeEnd)
        #expect(done.wait(timeout: 60))
        close(readEnd)

        let lines = String(decoding: received.current, as: UTF8.self).split(separator: "\n")
        let written = lines.compactMap { $0.hasPrefix("line ") ? Int($0.dropFirst(5).prefix { $0 != " " }) : nil }
        let notes = lines.filter { $0.hasPrefix("(") }
        let dropped = notes.compactMap { Int($0.dropFirst().prefix { $0 != " " }) }.reduce(0, +)
        #expect(written == written.sorted() && Set(written).count == written.count, "in order, none twice")
        #expect(written.first == 0)
        #expect(written.count + dropped == total)
        #expect(dropped == writer.droppedCount)
        #expect(notes.allSatisfy { $0.hasSuffix("log lines dropped: the output was not read in time)") })
    }

    @Test func linesArriveWholeAndInOrderWhenRead() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writer = BoundedLineWriter(fileDescriptor: ends[1])
        for index in 0..<50 { writer.write("403 GET /\(index): refused") }
        #expect(writer.flush(timeout: .seconds(60)))
        writer.close()
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        close(ends[0])
        #expect(String(decoding: bytes, as: UTF8.self) == (0..<50).map { "403 GET /\($0): refused\n" }.joined())
        #expect(writer.droppedCount == 0)
    }
}
