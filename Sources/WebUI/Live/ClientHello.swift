/// The first message a page sends once its stream is open: what the browser knows that the server cannot.
public struct ClientHello: Sendable, Equatable {
    /// `h12` or `h23`; `nil` when the browser could not tell.
    public var hourCycle: String?
    /// An IANA zone (`Europe/Berlin`); `nil` when the browser could not tell.
    public var timeZone: String?
    public var visible: Bool

    public init(hourCycle: String?, timeZone: String?, visible: Bool) {
        self.hourCycle = hourCycle
        self.timeZone = timeZone
        self.visible = visible
    }
}
