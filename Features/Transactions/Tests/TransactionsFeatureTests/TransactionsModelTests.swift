import DataSources
import FeatureHostCore
import Foundation
import Testing

@testable import TransactionsFeature

/// The model alone, a value: each action's effect on it and the work it asks for, with no presenter, clock or I/O.
@Suite struct TransactionsModelTests {
    func loaded() -> TransactionsModel {
        var model = TransactionsModel()
        #expect(model.apply(.lifecycle(.appear)) == [.load])
        _ = model.apply(.finishedLoading(.success(Loaded(starter, origin: .fresh)), pins: .success([])))
        return model
    }

    @Test func aLoadIsAskedForOnceWhileOneRuns() {
        var model = TransactionsModel()
        #expect(model.apply(.lifecycle(.appear)) == [.load])
        #expect(model.apply(.reload) == [], "the load under way answers for both")
        #expect(model.apply(.finishedLoading(.success(Loaded(starter, origin: .fresh)), pins: .success([]))) == [])
        #expect(model.status == .loaded)
        #expect(model.apply(.reload) == [.load])
    }

    @Test func aPinChangeAsksForASaveUnlessOneRunsAndTheSavesEndAsksForWhatWaited() {
        var model = loaded()
        #expect(model.apply(.togglePin) == [.savePins([1: false])])
        _ = model.apply(.moveSelection(by: 1))
        #expect(model.apply(.togglePin) == [], "waits for the save under way")
        _ = model.apply(.moveSelection(by: 1))
        #expect(model.apply(.togglePin) == [])
        #expect(model.apply(.finishedSavingPins(.success([1]))) == [.savePins([2: false, 3: false])])
        #expect(model.apply(.finishedSavingPins(.success([1, 2, 3]))) == [])
        #expect(model.store.unpinnedIDs == [1, 2, 3])
    }

    @Test func beforeTheDataNoPinChangeAsksForAnything() {
        var model = TransactionsModel()
        #expect(model.apply(.togglePin) == [])
        #expect(model.apply(.moveSelection(by: 1)) == [])
        #expect(model.apply(.lifecycle(.didEnterBackground)) == [])
    }
}
