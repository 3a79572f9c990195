/// Each category's share of the pinned spending, in tenths of a percent that add up to exactly 1000 (or all 0
/// when nothing is pinned), so the ring and the percentages agree and nothing divides by zero.
///
/// Largest remainder: every share is rounded down, and the tenths left over go to the largest remainders (ties to
/// the earlier category). A category whose pinned total is zero or negative (refunds) gets no share.
package enum CategoryShares {
    package static func perMille(of totals: [Money]) -> [Int] {
        let weights = totals.map { max($0.scaled, 0) }
        let whole = weights.reduce(Int64(0), +)
        guard whole > 0 else { return Array(repeating: 0, count: totals.count) }
        var shares: [Int] = []
        var remainders: [(index: Int, remainder: Int64)] = []
        for (index, weight) in weights.enumerated() {
            // weight × 1000 can exceed Int64 for very large totals: multiply and divide in double width.
            let product = weight.multipliedFullWidth(by: 1000)
            let (quotient, remainder) = whole.dividingFullWidth(product)
            shares.append(Int(quotient))
            remainders.append((index, remainder))
        }
        let missing = 1000 - shares.reduce(0, +)
        let order = remainders.sorted {
            $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index
        }
        for entry in order.prefix(missing) { shares[entry.index] += 1 }
        return shares
    }
}
