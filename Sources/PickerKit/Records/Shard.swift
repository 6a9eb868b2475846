/// One shard of a batch: shard `index` (1-based) of `count`, the specs split so that each shard's cost is nearly
/// equal (`render --shard K/N`), and the shard a record names (`ShardRecord.shard`).
///
/// One type for the command line and the record, so `K/N` is read by one rule (`init(parsing:)`) wherever it is
/// found.
package struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// Which shard, from 1 to `count`.
    package var index: Int
    /// How many shards the batch is split into.
    package var count: Int

    /// Shard `index` of `count`.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The shard `text` names as `K/N`, with 1 ≤ K ≤ N; nil for anything else (the caller says where it was found).
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.init(index: index, count: count)
    }

    /// `K/N`, as `init(parsing:)` reads it.
    package var description: String { "\(index)/\(count)" }

    /// The items of `items` this shard takes, in their order; the shards 1…count together take every item exactly
    /// once, whatever order `items` came in.
    ///
    /// Greedy by cost: the items sorted by cost (heaviest first, then by name), each given to the shard whose cost is
    /// lowest so far (the lowest-numbered among equals). The split depends only on the names and costs, so every
    /// machine computes the same one. A count above the number of items leaves the shards past it empty.
    package func pick<T>(from items: [T], name: (T) -> String, cost: (T) -> Int) -> [T] {
        let shards = min(count, items.count)
        guard index <= shards else { return [] }
        let keyed = items.indices.map { (position: $0, name: name(items[$0]), cost: max(0, cost(items[$0]))) }
        let order = keyed.sorted { $0.cost != $1.cost ? $0.cost > $1.cost : $0.name < $1.name }
        var lightest = ShardHeap(count: shards)
        var mine: [Int] = []
        for item in order {
            let shard = lightest.takeLightest(adding: item.cost)
            if shard == index - 1 { mine.append(item.position) }
        }
        return mine.sorted().map { items[$0] }
    }
}

/// The shards' running costs, lightest on top (ties to the lowest-numbered shard): a binary min-heap, so that a batch
/// of thousands of specs over hundreds of shards is split in a blink.
private struct ShardHeap {
    private var entries: [(cost: Int, shard: Int)]

    init(count: Int) { entries = (0..<count).map { (0, $0) } }

    /// The lightest shard's number (0-based), after adding `cost` to it.
    mutating func takeLightest(adding cost: Int) -> Int {
        let shard = entries[0].shard
        entries[0].cost = entries[0].cost.addingReportingOverflow(cost).overflow ? Int.max : entries[0].cost + cost
        var parent = 0
        while true {
            var smallest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < entries.count && Self.lighter(entries[child], entries[smallest]) {
                smallest = child
            }
            if smallest == parent { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return shard
    }

    private static func lighter(_ a: (cost: Int, shard: Int), _ b: (cost: Int, shard: Int)) -> Bool {
        a.cost != b.cost ? a.cost < b.cost : a.shard < b.shard
    }
}
