import GraphShapes
import Cog
import CogTesting
import Observation
import Testing

/// Random graphs against an oracle that recomputes everything from the
/// sources: every read must equal the oracle, no automatic value may run
/// twice between two checks, and a UI boundary is notified exactly when its
/// value changed. Deterministic: the graphs come from a seeded generator.
@MainActor
struct RandomGraphInfrastructureTests {
    /// How one automatic node computes from earlier nodes.
    struct Recipe {
        var gate: Int
        var whenEven: Int
        var whenOdd: Int
        var peeked: Int
        var modulus: Int
    }

    final class Model {
        let sourceCount: Int
        var sources: [Int]
        let recipes: [Recipe]

        init(sourceCount: Int, recipes: [Recipe], random: inout SeededRandom) {
            self.sourceCount = sourceCount
            sources = (0..<sourceCount).map { _ in Int(random.next() * 10) }
            self.recipes = recipes
        }

        /// The oracle: evaluate node `index` from the current sources.
        func value(of index: Int) -> Int {
            if index < sourceCount { return sources[index] }
            let recipe = recipes[index - sourceCount]
            let gate = value(of: recipe.gate)
            let branch = gate % 2 == 0 ? value(of: recipe.whenEven) : value(of: recipe.whenOdd)
            return (gate + branch) % recipe.modulus
        }
    }

    @Test(
        "random dynamic graphs agree with a recompute-everything oracle",
        arguments: ["alpha", "beta", "gamma", "delta"])
    func randomGraphsMatchOracle(seed: String) {
        var random = SeededRandom(seed: seed)
        let sourceCount = 6
        let autoCount = 40
        func pick(below limit: Int) -> Int { Int(random.next() * Double(limit)) }
        let recipes = (0..<autoCount).map { offset in
            let limit = sourceCount + offset
            return Recipe(
                gate: pick(below: limit), whenEven: pick(below: limit), whenOdd: pick(below: limit),
                peeked: pick(below: limit), modulus: [3, 5, 97][pick(below: 3)]
            )
        }
        let model = Model(sourceCount: sourceCount, recipes: recipes, random: &random)
        let initialValues = model.sources
        let sources = (0..<sourceCount).map { index in Cog<Int>.Manual { initialValues[index] } }
        let runs = (0..<autoCount).map { _ in RunCounter() }
        var nodes: [CogReference<Int>] = sources.map(\.readOnly)
        for (offset, recipe) in recipes.enumerated() {
            let inputs = nodes
            let counter = runs[offset]
            let nodeCog = Cog<Int> { c in
                counter.bump()
                let gate = c[inputs[recipe.gate]]
                let branch = gate % 2 == 0 ? c[inputs[recipe.whenEven]] : c[inputs[recipe.whenOdd]]
                // A peek settles its target but adds no edge, so its value
                // stays out of the result the oracle checks.
                _ = c.peek(inputs[recipe.peeked])
                return (gate + branch) % recipe.modulus
            }
            nodes.append(nodeCog.cogReference)
        }

        let cogs = Cogs.forTesting()
        let watched = (0..<6).map { _ in sourceCount + pick(below: autoCount) }
        var notices = watched.map { _ in NoticeCounter() }
        func observe() {
            notices = watched.map { _ in NoticeCounter() }
            for (slot, index) in watched.enumerated() {
                let counter = notices[slot]
                withObservationTracking {
                    _ = cogs[nodes[index]]
                } onChange: {
                    counter.bump()
                }
            }
        }
        observe()

        for _ in 0..<60 {
            let before = watched.map { model.value(of: $0) }
            let writes = 1 + pick(below: 3)
            var staged: [(Int, Int)] = []
            for _ in 0..<writes { staged.append((pick(below: sourceCount), pick(below: 10))) }
            cogs.turn { c in
                for (source, value) in staged { c[sources[source]] = value }
            }
            for (source, value) in staged { model.sources[source] = value }
            let after = watched.map { model.value(of: $0) }
            for slot in watched.indices {
                #expect(notices[slot].count == (before[slot] == after[slot] ? 0 : 1))
            }
            let runsBefore = runs.map(\.count)
            for _ in 0..<8 {
                let index = pick(below: nodes.count)
                #expect(cogs.peek(nodes[index]) == model.value(of: index))
            }
            for index in nodes.indices { #expect(cogs.peek(nodes[index]) == model.value(of: index)) }
            for offset in 0..<autoCount { #expect(runs[offset].count - runsBefore[offset] <= 1) }
            observe()
        }
    }
}
