import FeatureHostCore
import Foundation

/// Why a request did not produce an answer the form understands. Each message says what happened and that
/// Send tries again.
public enum InvitationFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A status the contract does not define (500, 404, 302, …).
    case unexpectedStatus(Int)
    /// A 400 whose body has no `errorMessage` string.
    case unreadableReply(status: Int)
    case timedOut(seconds: Double)
    case cannotConnect(host: String, reason: String)
    /// The server answered, with more than the client reads (`limit` bytes): not a request that was not sent.
    case replyTooLarge(limit: Int)
    case failed(reason: String)

    public var description: String { message }

    public var message: String {
        switch self {
        case .unexpectedStatus(let status):
            return "The invitation server had a problem (HTTP \(status)). Please press Send to try again in a moment."
        case .unreadableReply(let status):
            return "The invitation server turned the request down (HTTP \(status)) without saying why. "
                + "Check your details and press Send to try again."
        case .timedOut(let seconds):
            return "The invitation server did not answer within \(Self.format(seconds)) s. "
                + "Check your internet connection and press Send to try again."
        case .cannotConnect(let host, let reason):
            return "Could not reach the invitation server (\(host)): \(reason). "
                + "Check your internet connection and press Send to try again."
        case .replyTooLarge(let limit):
            return "The invitation server answered, but its reply was larger than \(limit / (1024 * 1024)) MB and was not read. "
                + "Please press Send to try again in a moment."
        case .failed(let reason):
            return "The request could not be sent: \(reason). Please press Send to try again."
        }
    }

    /// Maps the transport's errors; anything else becomes `.failed` with its message. Reasons are cut to
    /// `TextLimit.message`: they can quote what a server sent.
    public init(_ error: any Error) {
        guard let error = error as? HTTPError else {
            self = .failed(reason: error.userFacingMessage)
            return
        }
        switch error {
        case .timedOut(_, let seconds): self = .timedOut(seconds: seconds)
        case .cannotConnect(let url, let reason):
            self = .cannotConnect(host: Self.hostDescription(url), reason: TextLimit.message.apply(reason))
        case .status(let status, _): self = .unexpectedStatus(status)
        case .bodyTooLarge(_, let limit): self = .replyTooLarge(limit: limit)
        case .cancelled: self = .failed(reason: "it was cancelled")
        case .failed(_, let reason): self = .failed(reason: TextLimit.message.apply(reason))
        }
    }

    private static func hostDescription(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(saturating: seconds)) : String(seconds)
    }
}
