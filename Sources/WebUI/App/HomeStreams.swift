/// The event streams of open home pages (`/home/events`): they hear the home list when the config changes it,
/// the config banner and the heartbeat. They are not sessions (the home runs no feature), but each holds a
/// connection, so they are capped; a page past the cap hears `full` and stays as it was loaded.
@MainActor
final class HomeStreams {
    let limit: Int
    /// The version of the home list: a page that holds another one gets the current list when it connects.
    private(set) var version = 0
    private var streams: [ObjectIdentifier: any EventStreamSink] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { streams.count }

    /// Adds `stream`, first sending it `content` when the page holds another version; false when full (the
    /// stream then heard `full` and is closed).
    func attach(_ stream: any EventStreamSink, clientVersion: Int, content: () -> HTML) -> Bool {
        guard streams.count < limit else {
            stream.write(ServerSentEvent(event: "full", data: "{}").bytes)
            stream.close()
            return false
        }
        streams[ObjectIdentifier(stream)] = stream
        if clientVersion != version { stream.write(Self.event(content(), version: version)) }
        return true
    }

    func detach(_ stream: any EventStreamSink) {
        streams[ObjectIdentifier(stream)] = nil
    }

    /// A new home list, to every open home page.
    func publish(_ content: HTML) {
        version += 1
        broadcast(Self.event(content, version: version))
    }

    func broadcast(_ bytes: [UInt8]) {
        for stream in streams.values { stream.write(bytes) }
    }

    /// The host is stopping: each page hears `farewell` first.
    func closeAll(saying farewell: [UInt8]) {
        let open = streams.values
        streams.removeAll()
        for stream in open {
            stream.write(farewell)
            stream.close()
        }
    }

    /// `event: home` with `{"version":n,"html":"…"}`: the home's content (what goes inside its `#fh-root`),
    /// rendered and escaped by the builder like every page.
    static func event(_ content: HTML, version: Int) -> [UInt8] {
        var json: [UInt8] = []
        JSONWriting.append(#"{"version":\#(version),"html":"#, to: &json)
        JSONWriting.string(content.render(), into: &json)
        JSONWriting.append("}", to: &json)
        return ServerSentEvent(event: "home", data: String(decoding: json, as: UTF8.self)).bytes
    }
}
