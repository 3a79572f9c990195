import Foundation

/// What a plugin's `key_hints` writes: the footer's hints and, when its screen says other than its hints do, whether
/// it leaves Esc to the shell (`TerminalScene.leavesEscapeToShell`; a form busy sending swallows Esc and lists nothing).
/// The host answers a key the plugin has not answered in time from it, so a plugin that takes Esc keeps it.
///
/// Two forms, for hosts and plugins of any age: the plain array of hints, which every host reads, and, only for a host
/// whose context asks for it (`ContextWire.keyHintsForm`) and only when there is something to add, the object
/// `{"hints": [...], "leavesEscapeToShell": false}`. An older plugin writes the array; the host then goes by the hints.
public struct KeyHintsWire: Equatable, Sendable {
    /// The form a host that reads the object asks for in `ContextWire.keyHintsForm`.
    public static let objectForm = 2

    public var hints: [KeyHintWire]
    /// nil: the screen leaves Esc to the shell exactly when no hint names Esc.
    public var leavesEscapeToShell: Bool?

    public init(hints: [KeyHintWire], leavesEscapeToShell: Bool? = nil) {
        self.hints = hints
        self.leavesEscapeToShell = leavesEscapeToShell
    }

    private struct Object: Codable {
        var hints: [KeyHintWire]
        var leavesEscapeToShell: Bool?
    }

    /// The bytes for a host that asked for `form` (nil: an older host, which reads only the array).
    public func encoded(form: Int?) -> [UInt8] {
        guard form == Self.objectForm, let leavesEscapeToShell else { return JSONWire.encode(hints) }
        return JSONWire.encode(Object(hints: hints, leavesEscapeToShell: leavesEscapeToShell))
    }

    /// Either form; nil when the bytes are neither (the footer then shows no hints, as before).
    public static func decode(_ bytes: [UInt8]) -> KeyHintsWire? {
        if let hints = try? JSONWire.decode([KeyHintWire].self, from: bytes) { return KeyHintsWire(hints: hints) }
        guard let object = try? JSONWire.decode(Object.self, from: bytes) else { return nil }
        return KeyHintsWire(hints: object.hints, leavesEscapeToShell: object.leavesEscapeToShell)
    }
}
