import FeatureHostPluginWire
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

/// The channel between the host and a `featurehost-plugin-host` child: frames cut from a stream in any pieces,
/// every message kind each way survives encoding, and bytes the receiver cannot use are refused with a message,
/// before anything is allocated for a frame longer than the bound.
@Suite struct ChannelTests {
    static let requests: [HostRequest] = [
        .hello(
            HostRequest.Hello(
                library: "/p/libGreeting.so",
                limits: .init(
                    manifestBytes: 1 << 20, assetListBytes: 32 << 20, errorMessageBytes: 64 << 10, frameBytes: 8 << 20,
                    keyHintBytes: 64 << 10,
                    htmlBytes: 1 << 20))),
        .webAssets, .create(instance: 1, context: Array(#"{"id":"greeting"}"#.utf8)), .destroy(instance: 1), .openScene(instance: 2),
        .openWebScene(instance: 3), .render(instance: 1, width: 80, height: -24), .key(instance: 1, bytes: [13]),
        .lifecycle(instance: 1, code: 0),
        .advance(instance: 1, HostRequest.Advance(first: 1_000_000_000, horizon: -1, limit: Int64.max, maximumSteps: 4096)),
        .renderHTML(instance: 1), .pageEvent(instance: 1, json: Array(#"{"action":"wave","kind":"click"}"#.utf8)), .ping,
        .reformat(instance: 1, conventions: Array(#"{"hourCycle":"12","locale":"de_DE","timeZone":"UTC"}"#.utf8)),
    ]

    static let messages: [ChildMessage] = [
        .reply(ChannelReply(bytes: Array("FHF1".utf8), number: 1)),
        .reply(
            ChannelReply(
                steps: [AdvanceStep(offset: 1, framesRequested: 2), AdvanceStep(offset: 3, framesRequested: 0)],
                status: InstanceStatus(
                    instance: 7, inFlight: 2, isAdvancing: true, nextDeadline: 9, minimumWidth: 36, minimumHeight: 10,
                    keyHints: Array("[]".utf8), framesRequested: 4))),
        .reply(ChannelReply(outcome: .refused, bytes: Array("no".utf8), number: 1)),
        .reply(ChannelReply(outcome: .overLimit(OverLimit(.frame, limit: 8 << 20)))),
        .reply(ChannelReply(outcome: .loadFailed(.cannotOpen("file too short")))),
        .reply(ChannelReply(outcome: .loadFailed(.wrongABIVersion(found: 99)))),
        .reply(ChannelReply(outcome: .unknownInstance)),
        .status(InstanceStatus(instance: 1, keyHints: nil, framesRequested: 1)),
        .stopped(instance: 1, OverLimit(.keyHints, limit: 64 << 10)), .pong,
    ]

    @Test func everyRequestSurvivesTheWire() throws {
        for (index, request) in Self.requests.enumerated() {
            let frame = request.frame(requestID: UInt32(index))
            var decoder = ChannelDecoder(maximumPayload: 1 << 20)
            decoder.feed(frame.encoded())
            let decoded = try #require(try decoder.next())
            #expect(decoded == frame)
            #expect(try HostRequest.decode(decoded) == request)
        }
    }

    @Test func everyMessageSurvivesTheWire() throws {
        for message in Self.messages {
            let frame = message.frame(requestID: 42)
            #expect(try ChildMessage.decode(frame) == message)
        }
    }

    @Test func framesAreCutFromAStreamInAnyPieces() throws {
        let stream = Self.requests.enumerated().flatMap { $0.element.frame(requestID: UInt32($0.offset)).encoded() }
        var decoder = ChannelDecoder(maximumPayload: 1 << 20)
        var frames: [ChannelFrame] = []
        for byte in stream {
            decoder.feed([byte])
            while let frame = try decoder.next() { frames.append(frame) }
        }
        #expect(try frames.map(HostRequest.decode) == Self.requests)
        #expect(decoder.pendingBytes == 0)
    }

    @Test func aFrameOverTheBoundIsRefusedFromItsHeader() {
        var decoder = ChannelDecoder(maximumPayload: 1 << 20)
        decoder.feed([0xFF, 0xFF, 0xFF, 0xFF, 64, 1, 0, 0, 0])
        #expect(throws: ChannelError("a message of 4294967295 bytes, more than the 1 MiB accepted")) { try decoder.next() }
    }

    @Test func bytesThatAreNotAMessageSayWhatIsWrong() {
        #expect(throws: ChannelError("an unknown message kind 9")) {
            try ChildMessage.decode(ChannelFrame(kind: 9, requestID: 0, payload: []))
        }
        #expect(throws: ChannelError("an unknown request kind 64")) {
            try HostRequest.decode(ChannelFrame(kind: 64, requestID: 0, payload: []))
        }
        #expect(throws: ChannelError("the request ends inside its instance")) {
            try HostRequest.decode(ChannelFrame(kind: 7, requestID: 0, payload: [1, 0]))
        }
        #expect(throws: ChannelError("the message has 1 bytes after its last field")) {
            try ChildMessage.decode(ChannelFrame(kind: 67, requestID: 0, payload: [0]))
        }
        // A count of steps larger than the bytes that follow could hold is refused before anything is reserved.
        var lying = WireWriter()
        lying.u8(0)
        lying.blob([])
        lying.i64(0)
        lying.u32(UInt32.max)
        #expect(throws: ChannelError("the message ends inside its steps")) {
            try ChildMessage.decode(ChannelFrame(kind: 64, requestID: 0, payload: lying.bytes))
        }
    }

    /// The fuzzer's seeds are real frames of each kind: each decodes on its side.
    @Test func theFuzzSeedsAreMessagesOfEachKind() throws {
        let folder = PluginStubs.repository.appendingPathComponent("Fuzz/Seeds/FuzzPluginChannel")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }.sorted()
        #expect(files.count >= 10)
        var decoded = 0
        for file in files where file != "too-long.bin" {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)).dropFirst())
            var decoder = ChannelDecoder(maximumPayload: 1 << 20)
            decoder.feed(bytes)
            while let frame = try decoder.next() {
                if (try? HostRequest.decode(frame)) != nil || (try? ChildMessage.decode(frame)) != nil { decoded += 1 }
            }
        }
        #expect(decoded >= files.count, "every seed's frames decode")
    }
}
