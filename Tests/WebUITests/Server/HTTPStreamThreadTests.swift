import Dispatch
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

/// A stream is written, watched and closed from several threads at once, as page sessions do: under
/// `swift test --sanitize=thread` (CI runs this suite so) these are the paths where a race would show.
@Suite(.serialized) struct HTTPStreamThreadTests {
    @Test func writersOnSeveralThreadsEachGetEveryEventThroughWhole() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: 60))
        let stream = try #require(fixture.streams.current.first)
        _ = try client.readResponse(head: true)
        let writers = 4
        let eventsEach = 50
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 0..<eventsEach {
                stream.write(ServerSentEvent(event: "patch", data: "w\(writer)-\(index)").bytes)
            }
        }
        stream.close()
        let received = String(decoding: try client.readToEnd(), as: UTF8.self)
        let events = received.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        let data = Set(
            events.compactMap { event in event.split(separator: "\n").first { $0.hasPrefix("data: ") }?.dropFirst(6) }.map(String.init))
        #expect(events.count == writers * eventsEach, "every event arrives once, none cut by another writer's")
        #expect(data == Set((0..<writers).flatMap { writer in (0..<eventsEach).map { "w\(writer)-\($0)" } }))
    }

    @Test func handlersAddedWhileAnotherThreadClosesEachRunOnce() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: 60))
        let stream = try #require(fixture.streams.current.first)
        let runs = Counter()
        let handlers = 40
        DispatchQueue.concurrentPerform(iterations: handlers + 1) { index in
            if index == handlers / 2 {
                stream.close()
            } else {
                stream.onClose { runs.next() }
                stream.write(Array("data: \(index)\n\n".utf8))
            }
        }
        #expect(stream.isClosed)
        #expect(runs.value == handlers, "a handler added before the close runs at the close, one added after runs at once")
        #expect(try client.waitForClose())
    }
}
