import FeatureHostCore
import Foundation
import Testing

@testable import TransactionsFeature

@Suite struct MoneyTests {
    @Test func parsesPlainDecimalsExactly() throws {
        #expect(Money("82.99")?.scaled == 829_900)
        #expect(Money("54.6")?.scaled == 546_000)
        #expect(Money("-5")?.scaled == -50_000)
        #expect(Money("0.1234")?.scaled == 1_234)
        #expect(Money("1.50000")?.scaled == 15_000)
        #expect(Money("007.10")?.scaled == 71_000)
    }

    @Test func rejectsWhatIsNotAPlainAmount() {
        for text in ["", "-", "1.", ".5", "1e2", "1,000.00", "12.34567", "abc", "1.2.3", "99999999999999999999"] {
            #expect(Money(text) == nil, "\(text)")
        }
    }

    @Test func sumsWithoutBinaryFloatingPointErrors() throws {
        let sum = try money("0.1") + money("0.2")
        #expect(sum == (try money("0.3")))
        #expect(sum.description == "0.3")
        #expect(Money(exactly: Decimal(string: "116.78") ?? 0) == (try money("116.78")))
    }

    @Test func describesAndConvertsExactly() throws {
        #expect(try money("78.00").description == "78")
        #expect(try money("-0.05").description == "-0.05")
        #expect(try money("215.28").decimal == Decimal(string: "215.28"))
    }

    @Test func formatsForTheLocaleAndCurrency() throws {
        let amount = try money("472.08")
        func format(_ locale: String, _ currency: String) -> String {
            TransactionFormatting(
                locale: Locale(identifier: locale), currencyCode: currency, timeZone: .gmt, hourCycle: .twelveHour
            )
            .money(amount)
        }
        #expect(format("en_US", "USD") == "$472.08")
        #expect(format("en_US", "EUR") == "€472.08")
        #expect(format("de_DE", "EUR") == "472,08\u{00A0}€")
        #expect(format("en_US", "JPY") == "¥472")
    }
}
