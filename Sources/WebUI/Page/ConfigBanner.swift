/// The banner every live page shows while the config file is broken: the last good config keeps running, and
/// each problem is one line as `validate` prints it. It sits outside `#fh-root`, so it never touches the
/// feature's DOM or focus: the page renders it when served, and the `config` event redraws it (featurehost.js
/// builds the same markup from the event's JSON).
enum ConfigBanner {
    static let title = "The config has errors; the last good config is still running."
    static let elementID = "fh-config"
    /// Lines kept, and characters per line: the config is the user's, but a runaway file must not make every
    /// page and every stream carry megabytes.
    static let maximumLines = 100
    static let maximumLineLength = 1000

    /// The problems as shown: each line cut to its limit, and past the line limit one line saying how many more.
    static func bounded(_ problems: [String]) -> [String] {
        var lines = problems.prefix(maximumLines).map { line in
            line.count > maximumLineLength ? String(line.prefix(maximumLineLength)) + "…" : line
        }
        if problems.count > maximumLines { lines.append("… and \(problems.count - maximumLines) more.") }
        return lines
    }

    /// The banner, or nothing while the config is good. A scrolling region gets a Tab stop (and a name) so a
    /// keyboard can scroll it too.
    static func html(_ problems: [String]) -> HTML {
        guard !problems.isEmpty else { return .empty }
        return Tag.section(.class("fh-config"), .role("alert"), .aria("label", "Config errors"), .tabindex(0)) {
            Tag.p(.class("fh-config-title")) { title }
            Tag.ul(.class("fh-config-problems")) {
                for line in bounded(problems) { Tag.li { line } }
            }
        }.id(elementID)
    }

    /// `event: config` with `{"version":n,"problems":[...]}`: the banner's lines (none clears it) as of config
    /// version `n`, which the page sends back when its stream reconnects.
    static func event(_ problems: [String], version: Int) -> [UInt8] {
        var json: [UInt8] = []
        JSONWriting.append(#"{"version":\#(version),"problems":["#, to: &json)
        for (index, line) in bounded(problems).enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONWriting.string(line, into: &json)
        }
        JSONWriting.append("]}", to: &json)
        return ServerSentEvent(event: "config", data: String(decoding: json, as: UTF8.self)).bytes
    }
}
