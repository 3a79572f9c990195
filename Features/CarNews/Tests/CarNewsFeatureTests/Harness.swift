import CarNewsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

extension CarNewsViewState {
    /// The list of `rows` with the first selected, as it looks once loaded with nothing else going on.
    static func list(_ rows: [Row], selected: Int? = 0) -> CarNewsViewState {
        CarNewsViewState(
            body: .list, rows: rows, selectedIndex: rows.isEmpty ? nil : selected,
            count: rows.count == 1 ? "1 article" : "\(rows.count) articles")
    }

    static let loading = CarNewsViewState(body: .message(CarNewsViewState.Message(title: "Loading articles…")))

    static func offline(_ rows: [Row], lastUpdated: String, reason: String, selected: Int = 0) -> CarNewsViewState {
        var state = list(rows, selected: selected)
        state.banner = Banner(title: "Offline — last updated \(lastUpdated)", detail: reason, canRetry: true)
        return state
    }

    static func failed(_ reason: String) -> CarNewsViewState {
        CarNewsViewState(
            body: .message(Message(title: "The articles could not be loaded.", detail: reason, isError: true, canRetry: true)))
    }

    func updating() -> CarNewsViewState {
        var state = self
        state.status = "Updating…"
        return state
    }
}

extension CarNewsViewState.Row {
    func with(image: ImageState?) -> CarNewsViewState.Row {
        var row = self
        row.image = image
        return row
    }
}

extension Fixtures {
    /// `quirkyReply` as list rows, newest first, for a UTC 24-hour user on 2026-03-16.
    static let quirkyRows = [
        CarNewsViewState.Row(
            id: 119301, title: "A8 – night vision", date: "16 March, 09:05", imageLabel: "Image: audi_a8.jpg",
            image: Harness.offlineImage("audi_a8.jpg")),
        CarNewsViewState.Row(
            id: 119302, title: "Q7 – Greatness starts, when you don't stop.", date: "25 May 2018, 14:13",
            imageLabel: "Image: audi_q7.jpg", image: Harness.offlineImage("audi_q7.jpg")),
    ]
}

extension PresenterTestStore where P == CarNewsPresenter {
    /// Waits for the work in flight and asserts where its changes ended: the images fail in any order, each a
    /// change of its own that other tests assert (`observation`).
    func settled(
        starts: [String] = [], sourceLocation: SourceLocation = #_sourceLocation, to update: @escaping (inout CarNewsViewState) -> Void
    ) async {
        await advance(by: .zero, starts: starts, sourceLocation: sourceLocation)
        skipReceivedChanges(sourceLocation: sourceLocation, to: update)
    }

    /// The first appearance on a source that answers `Fixtures.quirkyReply`, over an empty database: loading,
    /// the reply's rows with their images loading, then each image's failure.
    func appearOnTheQuirkyReply(sourceLocation: SourceLocation = #_sourceLocation) async {
        send(.lifecycle(.appear), starts: ["saved list"], sourceLocation: sourceLocation) { $0 = CarNewsViewState.loading.updating() }
        await receive(starts: ["refresh"] + Harness.quirkyImageLoads, sourceLocation: sourceLocation) {
            $0 = .list(Fixtures.quirkyRows.map { $0.with(image: .loading) })
        }
        await settled(sourceLocation: sourceLocation) { $0 = .list(Fixtures.quirkyRows) }
    }

    /// A later appearance over the saved `Fixtures.quirkyRows`: loading, the saved rows with their images loading,
    /// then `update`: where the refresh and the images' failures end.
    func appearOverTheSavedQuirkyRows(
        sourceLocation: SourceLocation = #_sourceLocation, to update: @escaping (inout CarNewsViewState) -> Void
    ) async {
        send(.lifecycle(.appear), starts: ["saved list"], sourceLocation: sourceLocation) { $0 = CarNewsViewState.loading.updating() }
        await receive(starts: ["refresh"] + Harness.quirkyImageLoads, sourceLocation: sourceLocation) {
            $0 = CarNewsViewState.list(Fixtures.quirkyRows.map { $0.with(image: .loading) }).updating()
        }
        await settled(sourceLocation: sourceLocation, to: update)
    }
}
