import CFeatureHostCurl
import FeatureHostCore
import Foundation

/// The one thread that runs every request of the process through one curl multi handle (so connections to a
/// server are reused across requests). Requests and cancellations come from any thread through a locked queue and
/// `curl_multi_wakeup`; everything else, curl's callbacks included, happens on this thread.
final class CurlLoop: @unchecked Sendable {
    // @unchecked: a C handle and state the loop thread owns; what other threads hand it is in `handed`.
    /// nil when libcurl cannot be loaded (a platform without it): the transport then falls back to URLSession, or on
    /// Linux fails with `loadFailure`.
    static let shared: CurlLoop? = {
        guard fh_curl_load() == nil, let multi = fh_curl_multi_init() else { return nil }
        return CurlLoop(multi: multi)
    }()

    /// Why `shared` is nil, in words for the user.
    static var loadFailure: String {
        guard let reason = fh_curl_load() else { return "libcurl could not start its loop" }
        return "\(String(cString: reason)); install libcurl 7.68 or later (Debian: libcurl4)"
    }

    private let multi: OpaquePointer
    /// What other threads hand the loop: transfers to start and to cancel.
    private let handed = Locked((starting: [CurlTransfer](), cancelling: [CurlTransfer]()))
    /// The loop thread's own: transfers curl is running, by handle.
    private var running: [OpaquePointer: CurlTransfer] = [:]

    private init(multi: OpaquePointer) {
        self.multi = multi
        let thread = Thread { [self] in run() }
        thread.name = "featurehost.http"
        thread.start()
    }

    /// Runs `transfer` to its end (or its cancellation, which comes at once).
    func perform(_ transfer: CurlTransfer) async -> CurlTransfer.Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.wait(continuation)
                handed.withLock { $0.starting.append(transfer) }
                fh_curl_multi_wakeup(multi)
            }
        } onCancel: {
            transfer.cancel()
            handed.withLock { $0.cancelling.append(transfer) }
            fh_curl_multi_wakeup(multi)
        }
    }

    private func run() {
        var stillRunning: Int32 = 0
        var ready: Int32 = 0
        while true {
            let (starts, cancels) = handed.withLock { handed in
                defer { handed = ([], []) }
                return handed
            }
            for transfer in starts {
                if transfer.isCancelled {
                    transfer.finish(.cancelled)
                } else if fh_curl_multi_add_handle(multi, transfer.easy) == 0 {
                    running[transfer.easy] = transfer
                } else {
                    transfer.finish(.failed(code: 2))
                }
            }
            for transfer in cancels where running.removeValue(forKey: transfer.easy) != nil {
                fh_curl_multi_remove_handle(multi, transfer.easy)
                transfer.finish(.cancelled)
            }
            fh_curl_multi_perform(multi, &stillRunning)
            var easy: OpaquePointer?
            var result: Int32 = 0
            while fh_curl_multi_next_done(multi, &easy, &result) == 1 {
                guard let easy, let transfer = running.removeValue(forKey: easy) else { continue }
                fh_curl_multi_remove_handle(multi, easy)
                transfer.finish(transfer.outcome(forResult: result))
            }
            // Wakes at once for a new request or a cancellation (curl_multi_wakeup), else when curl has work.
            fh_curl_multi_poll(multi, 1000, &ready)
        }
    }
}
