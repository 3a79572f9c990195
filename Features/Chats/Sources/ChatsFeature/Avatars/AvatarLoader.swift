import FeatureHostCore
import Foundation

/// Fetches avatars through the host's transport, once per URL, only for rows on screen.
///
/// `want(_:)` is told which URLs the visible rows need. New ones start loading; loads whose rows all scrolled
/// away are cancelled (and start again if they come back). A loaded or failed URL is never fetched again
/// (`retryFailed()` clears the failures, for an explicit refresh). Results come back through `deliver`, which
/// the presenter routes into its `send`, and are applied with `finish(_:_:generation:)`.
@MainActor
final class AvatarLoader {
    private let transport: any HTTPTransport
    private let timeout: Double
    /// Where finished fetches go; the presenter routes them into its `send`.
    var deliver: @MainActor (URL, Result<AvatarImage, AvatarFailure>, _ generation: Int) -> Void = { _, _, _ in }
    private var tasks: [URL: (generation: Int, task: Task<Void, Never>)] = [:]
    private var generation = 0
    private(set) var states: [URL: AvatarState] = [:]

    init(transport: any HTTPTransport, timeout: Double = 15) {
        self.transport = transport
        self.timeout = timeout
    }

    func state(for url: URL) -> AvatarState { states[url] ?? .idle }

    /// Starts loads for `urls` not yet loaded, loading or failed; cancels loads not in `urls`.
    /// Returns whether any state changed.
    @discardableResult
    func want(_ urls: Set<URL>) -> Bool {
        var changed = false
        for (url, entry) in tasks where !urls.contains(url) {
            entry.task.cancel()
            tasks[url] = nil
            states[url] = nil
            changed = true
        }
        for url in urls where states[url] == nil {
            start(url)
            changed = true
        }
        return changed
    }

    /// Applies a finished fetch, unless it belongs to a load that was cancelled meanwhile.
    @discardableResult
    func finish(_ url: URL, _ result: Result<AvatarImage, AvatarFailure>, generation: Int) -> Bool {
        guard let entry = tasks[url], entry.generation == generation else { return false }
        tasks[url] = nil
        switch result {
        case .success(let image): states[url] = .loaded(image)
        case .failure(let failure): states[url] = .failed(failure.description)
        }
        return true
    }

    /// Forgets failures, so the rows on screen try again on the next `want`.
    func retryFailed() {
        for (url, state) in states {
            if case .failed = state { states[url] = nil }
        }
    }

    func cancelAll() {
        for entry in tasks.values { entry.task.cancel() }
        for url in tasks.keys { states[url] = nil }
        tasks = [:]
    }

    private func start(_ url: URL) {
        generation += 1
        let generation = self.generation
        let transport = self.transport
        let request = HTTPRequest(method: "GET", url: url, headers: ["Accept": "image/*"], timeout: timeout)
        states[url] = .loading
        let task = Task { [weak self] in
            let result: Result<AvatarImage, AvatarFailure>
            do {
                let response = try await transport.send(request)
                result = AvatarResponse.image(from: response, url: url)
            } catch {
                result = .failure(AvatarFailure(error.userFacingMessage))
            }
            // A cancelled load's late answer is dropped here, so the row goes back to idle, not failed.
            guard !Task.isCancelled else { return }
            self?.deliver(url, result, generation)
        }
        tasks[url] = (generation, task)
    }
}
