/// Which rows' images to fetch: the first rows (what a list shows when it opens) and the rows around the
/// selection (where the reader is), nearest first. The others wait until the selection comes near, so a list of
/// 10,000 articles does not ask for 10,000 pictures.
enum ImageWindow {
    static let leadingRows = 20
    static let radius = 10

    /// Row indices in the order to fetch them: the selection, then outwards from it, then the leading rows; each
    /// once, all in `0..<count`.
    static func rows(around selected: Int?, count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var order: [Int] = []
        var seen = Set<Int>()
        func add(_ index: Int) {
            if index >= 0, index < count, seen.insert(index).inserted { order.append(index) }
        }
        if let selected {
            add(selected)
            for distance in 1...radius {
                add(selected + distance)
                add(selected - distance)
            }
        }
        for index in 0..<min(leadingRows, count) { add(index) }
        return order
    }
}
