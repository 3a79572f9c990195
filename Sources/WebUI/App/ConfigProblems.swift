/// The broken config's problems as the last `WebApp.apply` said them (none while the config is good), and their
/// version: how many times they changed. A page carries the version it shows and sends it back when its stream
/// connects, so a page that missed a change while away hears it.
struct ConfigProblems {
    private(set) var lines: [String] = []
    private(set) var version = 0

    var isBroken: Bool { !lines.isEmpty }

    /// Takes `new` lines; false when they are the ones shown already (nothing to send).
    mutating func replace(with new: [String]) -> Bool {
        guard new != lines else { return false }
        lines = new
        version += 1
        return true
    }

    /// The `config` event with the current lines.
    var event: [UInt8] { ConfigBanner.event(lines, version: version) }
}
