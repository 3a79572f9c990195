import FeatureHostPluginWire
import FuzzSupport

/// Bytes on the channel between the host and a `featurehost-plugin-host` child, decoded on both sides: as the
/// host reads a child (replies, status pushes, over-limit reports, pongs) and as the child reads the host
/// (requests). The first byte splits the input into pieces fed one after another, as reads arrive. A child that
/// sends garbage must be a refusal (the host stops that plugin), never a crash, a hang or an allocation beyond
/// the frame bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPluginChannel(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput(start, count).bytes
    guard let split = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    let cut = body.isEmpty ? 0 : Int(split) % (body.count + 1)
    // The host's side: a small bound, so over-long frames are reached.
    var host = ChannelDecoder(maximumPayload: 1 << 16)
    var child = ChannelDecoder(maximumPayload: 1 << 16)
    var hostFrames: [ChannelFrame] = []
    var childFrames: [ChannelFrame] = []
    for piece in [Array(body[..<cut]), Array(body[cut...])] {
        host.feed(piece)
        child.feed(piece)
        while let frame = try? host.next() { hostFrames.append(frame) }
        while let frame = try? child.next() { childFrames.append(frame) }
    }
    for frame in hostFrames {
        guard let message = try? ChildMessage.decode(frame) else { continue }
        let again = try? ChildMessage.decode(message.frame(requestID: frame.requestID))
        fuzzInvariant(again == message, "a child message changed after encoding it again: \(message)")
    }
    for frame in childFrames {
        guard let request = try? HostRequest.decode(frame) else { continue }
        let again = try? HostRequest.decode(request.frame(requestID: frame.requestID))
        fuzzInvariant(again == request, "a host request changed after encoding it again: \(request)")
    }
    // Whole frames in one read or in two give the same frames.
    var whole = ChannelDecoder(maximumPayload: 1 << 16)
    whole.feed(body)
    var wholeFrames: [ChannelFrame] = []
    while let frame = try? whole.next() { wholeFrames.append(frame) }
    fuzzInvariant(wholeFrames == hostFrames, "splitting the reads changed the frames")
    return 0
}
