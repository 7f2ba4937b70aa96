import Cog
import GraphShapes
import Testing

/// The grace windows' deadline table (issue 35) against `Dictionary`, the
/// behaviour it replaces, over a long seeded run of inserts, renewals,
/// removals and lookups on clustered node numbers, so probe runs collide,
/// wrap around the table's end and are shifted back on removal.
@MainActor
struct DeadlineTableInfrastructureTests {
    @Test(
        "the grace deadline table answers every lookup, insert and removal as a dictionary does, through growth and removal"
    )
    func matchesDictionary() {
        var table = DeadlineTable()
        var expected: [Int32: Int64] = [:]
        var random = SeededRandom(seed: "deadline-table")
        for step in 0..<200_000 {
            // Clustered nodes: a few hundred live at once, in runs.
            let node = Int32(random.next() * 600) + (step % 2 == 0 ? 0 : 4_000)
            let deadline = Int64(step)
            switch random.next() {
            case ..<0.45:
                #expect(table.updateValue(deadline, forKey: node) == expected.updateValue(deadline, forKey: node))
            case ..<0.85:
                #expect(table.removeValue(forKey: node) == expected.removeValue(forKey: node))
            default:
                #expect(table[node] == expected[node])
            }
            if table.count != expected.count {
                Issue.record("count \(table.count), expected \(expected.count) at step \(step)")
                return
            }
        }
        for node in Int32(0)..<4_600 { #expect(table[node] == expected[node]) }
        for node in expected.keys { table.removeValue(forKey: node) }
        #expect(table.isEmpty)
        #expect(table[0] == nil)
    }
}
