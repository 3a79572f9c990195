/// Words only the web page needs (the presenter's copy covers everything else).
enum InvitationsWebCopy {
    static let closeFormLabel = "Close"
    static let close = "✕"
}
