import FeatureHostPluginWire

/// How long the host waits for a plugin, how much it accepts from one, and how much memory and how many crashes
/// it allows. Past a bound the plugin is stopped and its panel says which bound and by whom; the other features
/// go on; the plugin's child is killed at once.
public struct PluginLimits: Sendable, Equatable {
    /// Real time the host waits for a plugin's `done` after asking it to advance its virtual clock. Real, not
    /// the host's clock: the host's manual clock stands still while it waits, so a virtual bound would never
    /// pass. A settled advance takes micro- to milliseconds; the default leaves room for a loaded CI machine.
    public var advanceTimeout: Duration = .seconds(5)
    /// Real time the host waits for one call out of process (render, a key, a lifecycle event, HTML, a page event,
    /// appear); the host's main actor waits only `replyWait` of it.
    public var callTimeout: Duration = .seconds(2)
    /// How long a call out of process blocks the host's main actor before the host goes on without its reply: the
    /// scene shows the plugin's last frame or page, a page event counts as handled, a key is answered from the
    /// plugin's last key hints (`PluginProcessInstance.handleKey`), and the reply, when it comes, is a change the
    /// render loop draws (it counts as work in flight meanwhile). A normal reply takes well under a millisecond, so
    /// it still comes within the call. nil: 10 ms with a live clock; the whole deadline
    /// with a manual clock, where every reply comes within its call as before, so tests and `snapshot` read the
    /// same frames however slow the machine is.
    public var replyWait: Duration?
    /// A call out of process that takes longer than this of real time is slow: it held the host's main actor, and
    /// every other feature's timers, keys and page events, that long. Far above a normal call (under a millisecond
    /// to a few on a loaded machine), so only a plugin that does real work on the host's time passes it.
    public var slowCallThreshold: Duration = .seconds(1)
    /// This many slow calls of the same kind in a row stop the plugin (with its panel and a restart): a plugin
    /// that answers every call just under `callTimeout` is never a hang, yet it slows every page. 0 turns it off.
    public var slowCallsInARow = 3
    /// Keys that wait, in order, behind a key whose reply has not come (out of process, with a live clock): a
    /// plugin answers one key at a time. Typing into a plugin that thinks 100 ms a key fills a few; past the cap
    /// a key is dropped, with a line in the plugin's log, so a key flood into a hung plugin takes bounded memory
    /// (a paste is one key of at most 64 KiB: 4 MiB at the most).
    public var queuedKeys = 64
    /// Real time for `create`, which may read files and settings.
    public var createTimeout: Duration = .seconds(10)
    /// Real time to start the child and read the library's manifest (a cold start on a loaded machine).
    public var loadTimeout: Duration = .seconds(10)
    /// Resident memory one plugin's process may use; past it the child is killed. The config's `memoryLimitMiB`
    /// changes it per plugin.
    public var memoryBytes = 1 << 30
    /// How often the host reads each child's resident memory.
    public var memoryCheckInterval: Duration = .milliseconds(500)
    /// How often an idle child is asked to answer from its main queue; two pings unanswered in a row stop it.
    public var pingInterval: Duration = .seconds(5)
    /// Automatic restarts (a new page of a stopped plugin) stop after this many crashes within `crashWindow`;
    /// an explicit restart (r, the button) always works.
    public var crashBudget = 3
    public var crashWindow: Duration = .seconds(300)
    /// One rendered frame in `FrameCodec` form. An 80×24 frame is under 10 KiB; a 500×200 one with a style
    /// per cell about 1 MiB.
    public var frameBytes = 8 << 20
    /// The footer's key hints as JSON.
    public var keyHintBytes = 64 << 10
    /// One render of the web scene's HTML: `ForeignMarkup` refuses more anyway, so more is never kept.
    public var htmlBytes = 1 << 20
    /// The message `create` writes when it fails; a longer one is cut.
    public var errorMessageBytes = 64 << 10
    /// A manifest is a few hundred bytes; more than this is a broken plugin, not a big feature.
    public var manifestBytes = 1 << 20
    /// The web files' list, base64 in JSON, read once: stylesheets and small images, not media.
    public var assetListBytes = 32 << 20

    public init() {}

    public static let standard = PluginLimits()

    /// Set to 1 while debugging a plugin: a person stopped at a breakpoint in its process is no hang.
    public static let debugVariable = "FEATUREHOST_PLUGIN_DEBUG"

    /// These limits, with every deadline an hour and no slow-call stop when `environment` has `debugVariable` set to
    /// 1: a plugin's process may sit at a breakpoint without being killed. The host's main actor still waits only
    /// `replyWait` for a live call, so the other features go on meanwhile.
    public func allowingDebugger(environment: [String: String]) -> PluginLimits {
        guard environment[Self.debugVariable] == "1" else { return self }
        var limits = self
        let hour = Duration.seconds(3600)
        limits.advanceTimeout = hour
        limits.callTimeout = hour
        limits.createTimeout = hour
        limits.loadTimeout = hour
        limits.pingInterval = hour
        limits.slowCallsInARow = 0
        return limits
    }

    /// The output bounds the child applies.
    var outputLimits: HostRequest.OutputLimits {
        HostRequest.OutputLimits(
            manifestBytes: manifestBytes, assetListBytes: assetListBytes, errorMessageBytes: errorMessageBytes, frameBytes: frameBytes,
            keyHintBytes: keyHintBytes, htmlBytes: htmlBytes)
    }
}
