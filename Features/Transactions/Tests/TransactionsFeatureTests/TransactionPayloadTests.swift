import DataSources
import FeatureHostCore
import Foundation
import Testing

@testable import TransactionsFeature

@Suite struct TransactionPayloadTests {
    private func decode(_ json: String) throws -> [Transaction] {
        try TransactionPayload.decoder.decode(Data(json.utf8), .json)
    }

    private func failure(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "decoded"
        } catch {
            return PayloadDecodingError(source: "file.json", error: error).description
        }
    }

    private let valid =
        #"{"id": 1, "name": "Jeans", "category": "shopping", "amount": 54.6, "date": "2021-04-25", "accountName": "Credit Card"}"#

    @Test func theBundledSampleIsTheStarterData() throws {
        let transactions = try starterTransactions()
        #expect(transactions.count == 13)
        #expect(transactions.map(\.id) == Array(1...13))
        let first = try #require(transactions.first)
        #expect(first.name == "Movie Night")
        #expect(first.category == .entertainment)
        #expect(first.amount == (try money("82.99")))
        #expect(first.date == Date(timeIntervalSince1970: 1_614_902_400))  // 2021-03-05 00:00 UTC
        #expect(first.accountName == "Online Savings")
        #expect(first.provider == "timeWarner")
    }

    @Test func acceptsABareArrayAStringAmountAndNoProvider() throws {
        let transactions = try decode(
            #"[{"id": 7, "name": "Cap", "category": "shopping", "amount": "16.89", "date": "2021-04-26", "accountName": "Card", "provider": null}]"#
        )
        #expect(
            transactions == [
                Transaction(
                    id: 7, name: "Cap", category: .shopping, amount: try money("16.89"),
                    date: Date(timeIntervalSince1970: 1_619_395_200),
                    accountName: "Card", provider: nil)
            ])
    }

    @Test func namesTheUnknownCategoryAndTheAllowedOnes() {
        let json =
            #"{"transactions": [\#(valid), {"id": 2, "name": "X", "category": "fod", "amount": 1, "date": "2021-04-25", "accountName": "A"}]}"#
        #expect(
            failure(json)
                == #"file.json could not be read at transactions[1].category: "fod" is not a category; allowed: food, health, entertainment, shopping, travel"#
        )
    }

    @Test func rejectsAmountsThatAreNotExactMoney() {
        let json =
            #"[{"id": 1, "name": "X", "category": "food", "amount": 1.23456, "date": "2021-04-25", "accountName": "A"}]"#
        #expect(
            failure(json)
                == "file.json could not be read at [0].amount: 1.23456 is not an amount of money; write a plain number with at most 4 decimal places, e.g. 54.60"
        )
    }

    @Test func rejectsDaysThatDoNotExist() {
        let json =
            #"[{"id": 1, "name": "X", "category": "food", "amount": 1, "date": "2021-02-30", "accountName": "A"}]"#
        #expect(
            failure(json)
                == #"file.json could not be read at [0].date: "2021-02-30" is not a day written yyyy-MM-dd, e.g. 2021-04-25"#
        )
    }

    @Test func rejectsDuplicateIDs() {
        #expect(
            failure("[\(valid), \(valid)]")
                == "file.json could not be read at [1].id: the id 1 is already used by the transaction at [0]; ids must be unique"
        )
    }

    @Test func rejectsTotalsTooLargeToSumExactly() {
        let huge =
            #"{"id": 1, "name": "X", "category": "food", "amount": 900000000000000, "date": "2021-04-25", "accountName": "A"}"#
        let json = "[\(huge), \(huge.replacingOccurrences(of: #""id": 1"#, with: #""id": 2"#))]"
        #expect(
            failure(json).hasPrefix(
                "file.json could not be read at [1].amount: the amounts add up to more than 922337203685477.5807"))
    }

    @Test func namesAMissingKey() {
        #expect(
            failure(#"{"items": []}"#)
                == #"file.json could not be read at transactions: the key "transactions" is missing"#)
    }
}
