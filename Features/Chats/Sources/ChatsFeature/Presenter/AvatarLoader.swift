import FeatureHostCore
import Foundation

/// The avatars of the rows the presenter wants, through the host's image cache.
///
/// `want(_:)` is told which URLs are wanted. New ones start loading; loads whose rows all left the wanted
/// rows are cancelled and forgotten (they start again if the rows come back). A loaded or failed URL is not
/// asked for again (`retryFailed()` clears the failures, for an explicit refresh), and rows sharing a URL
/// share its one fetch. Each fetch is an effect of the presenter's runner, so it counts as work in flight
/// until its state is applied, and a cancelled one never applies.
@MainActor
final class AvatarLoader {
    private let images: any ImageLoading
    private let effects: EffectRunner
    /// Called after a finished fetch changed `states`; the presenter publishes.
    var onChange: @MainActor () -> Void = {}
    private(set) var states: [URL: ImageState] = [:]

    init(images: any ImageLoading, effects: EffectRunner) {
        self.images = images
        self.effects = effects
    }

    /// Starts loads for `urls` not yet loaded, loading or failed; cancels loads not in `urls`.
    func want(_ urls: Set<URL>) {
        for (url, state) in states where state == .loading && !urls.contains(url) {
            effects.cancel(Self.effectID(url))
            states[url] = nil
        }
        for url in urls where states[url] == nil { start(url) }
    }

    /// Forgets failures, so the wanted rows try again on the next `want`.
    func retryFailed() {
        states = states.filter { _, state in
            if case .failed = state { return false }
            return true
        }
    }

    private func start(_ url: URL) {
        states[url] = .loading
        let images = self.images
        effects.run(
            Self.effectID(url),
            work: { () async -> Result<ImageReference, ImageFailure> in
                do throws(ImageFailure) {
                    return .success(try await images.image(at: url))
                } catch {
                    return .failure(error)
                }
            },
            apply: { [weak self] result in self?.finish(url, result) })
    }

    private func finish(_ url: URL, _ result: Result<ImageReference, ImageFailure>) {
        guard states[url] == .loading else { return }
        switch result {
        case .success(let reference): states[url] = .loaded(reference)
        case .failure(let failure): states[url] = .failed(failure.message)
        }
        onChange()
    }

    private static func effectID(_ url: URL) -> String { "avatar " + url.absoluteString }
}
