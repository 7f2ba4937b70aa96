import Cog
import CogTesting
import GraphSuite
import Measure

/// The PERF scenarios' graphs, which Cog's registration hands the
/// perf-scenarios suite. Each builds its declarations afresh, so a probe's
/// families and rows are its own.
public enum CogScenarioProbes {
    /// Every probe, in ID order.
    public static let all: [ScenarioProbe] = [
        propagation, graphMemory, pinnedNotices, pinnedBeside(1), pinnedBeside(1_000), deepChain,
    ]

    public static func named(_ name: String) -> ScenarioProbe? { all.first { $0.name == name } }

    /// PERF-02: a steady turn through a small order (a price, eight line
    /// totals, an order total, a flag), read at the UI edge: what
    /// propagation costs in retains and releases.
    static let propagation = ScenarioProbe(
        id: "PERF-02", name: "PERF-02 propagation",
        summary: "a steady turn: a price and one quantity written, 8 line totals, the order total and a flag "
            + "settled and read at the UI edge",
        unit: "turn", measuresMemory: false, make: makePropagation)

    @MainActor
    private static func makePropagation() -> ScenarioInstance {
        let _priceCog = Cog<Int>.Manual { 0 }
        let _quantityCogs = CogBox<Int, Int>.Manual { _ in 1 }
        let lineTotalCogs = CogBox<Int, Int> { c, line in c[_priceCog] * c[_quantityCogs[line]] }
        let orderTotalCog = Cog<Int> { c in
            var total = 0
            for line in 0..<8 { total += c[lineTotalCogs[line]] }
            return total
        }
        let isLargeOrderCog = Cog<Bool> { c in c[orderTotalCog] > 1_000 }
        let cogs = Cogs.forTesting(checkingInvariants: false)
        let log = NoticeLog()
        var price = 10
        func run() {
            price = opaqueIdentity(price &+ 1)
            cogs.reprice(_priceCog, quantities: _quantityCogs, to: price)
            blackHole(cogs[orderTotalCog])
            blackHole(cogs[isLargeOrderCog])
            blackHole(cogs[lineTotalCogs[3]])
        }
        for _ in 0..<4 { run() }
        return ScenarioInstance(
            unitsPerRun: 1,
            noticesOfOneRun: {
                log.watch("orderTotal") { cogs[orderTotalCog] }
                log.watch("isLargeOrder") { cogs[isLargeOrderCog] }
                log.watch("lineTotal[3]") { cogs[lineTotalCogs[3]] }
                run()
                return log.take()
            },
            verify: {
                let expected = price * 8 + price * (cogs.peek(_quantityCogs[3]) - 1)
                return cogs.peek(orderTotalCog) == expected
                    ? nil : "order total \(cogs.peek(orderTotalCog)), expected \(expected)"
            }, run: run)
    }

    /// PERF-03: a whole 1,000-state graph (500 sources, 500 values derived
    /// from them, 12 read at the UI edge, one turn writing every source),
    /// built in a fresh runtime and dropped: the heap it holds at its peak.
    static let graphMemory = ScenarioProbe(
        id: "PERF-03", name: "PERF-03 1,000-state graph",
        summary: "a fresh runtime with 500 sources and 500 derived values (12 read at the UI edge), one turn "
            + "writing every source, then dropped: peak heap",
        unit: "graph", measuresMemory: true, make: makeGraphMemory)

    @MainActor
    private static func makeGraphMemory() -> ScenarioInstance {
        let _cellCogs = CogBox<Int, Int>.Manual { key in key }
        let doubledCogs = CogBox<Int, Int> { c, key in c[_cellCogs[key]] * 2 }
        var round = 0
        var checksum = 0
        func run() {
            let cogs = Cogs.forTesting(checkingInvariants: false)
            for key in 0..<500 { blackHole(cogs.peek(doubledCogs[key])) }
            for key in stride(from: 0, to: 480, by: 40) { blackHole(cogs[doubledCogs[key]]) }
            round = opaqueIdentity(round &+ 1)
            cogs.bumpEvery(_cellCogs, count: 500, by: round)
            checksum = cogs[doubledCogs[40]]
            blackHole(cogs)
        }
        for _ in 0..<3 { run() }
        return ScenarioInstance(
            unitsPerRun: 1,
            verify: {
                checksum == 2 * (40 + round) ? nil : "doubled[40] read \(checksum), expected \(2 * (40 + round))"
            },
            run: run)
    }

    /// PERF-07: 1,000 keys the UI once read and so pinned with a boundary
    /// each, 12 of them still on screen, and a feed turn that changes every
    /// key: the notices it delivers.
    static let pinnedNotices = ScenarioProbe(
        id: "PERF-07", name: "PERF-07 pinned-key notices",
        summary: "1,000 keyed values pinned by an earlier UI read, 12 still shown; a turn changes every key's "
            + "source: notices delivered",
        unit: "turn", measuresMemory: false, make: makePinnedNotices)

    @MainActor
    private static func makePinnedNotices() -> ScenarioInstance {
        let _stockCogs = CogBox<Int, Int>.Manual { id in id }
        let labelCogs = CogBox<Int, Int> { c, id in c[_stockCogs[id]] &* 3 }
        let cogs = Cogs.forTesting(checkingInvariants: false)
        let log = NoticeLog()
        for id in 0..<1_000 { blackHole(cogs[labelCogs[id]]) }
        var round = 0
        func run() {
            round = opaqueIdentity(round &+ 1)
            cogs.bumpEvery(_stockCogs, count: 1_000, by: round)
            for id in 0..<12 { blackHole(cogs[labelCogs[id]]) }
        }
        for _ in 0..<3 { run() }
        return ScenarioInstance(
            unitsPerRun: 1,
            noticesOfOneRun: {
                for id in 0..<1_000 { log.watch("label[\(id)]") { cogs[labelCogs[id]] } }
                run()
                return log.take()
            },
            verify: {
                cogs.peek(labelCogs[999]) == 3 * (999 + round)
                    ? nil : "label[999] read \(cogs.peek(labelCogs[999])), expected \(3 * (999 + round))"
            }, run: run)
    }

    /// PERF-11: a turn that writes and reads one key of a family, with
    /// `pinned` other keys of it pinned by an earlier UI read and no longer
    /// changing. Key 0 has two UI values, a label and a badge, so the order
    /// of its notices shows.
    static func pinnedBeside(_ pinned: Int) -> ScenarioProbe {
        ScenarioProbe(
            id: "PERF-11", name: "PERF-11 one key, \(pinned == 1 ? "1" : "1,000") pinned",
            summary: "a turn writes one key's source and reads its label and badge at the UI edge, with "
                + "\(pinned == 1 ? "1 other key" : "1,000 other keys") pinned by an earlier read and unchanged",
            unit: "turn", measuresMemory: false, make: { makePinnedBeside(pinned) })
    }

    @MainActor
    private static func makePinnedBeside(_ pinned: Int) -> ScenarioInstance {
        let _stockCogs = CogBox<Int, Int>.Manual { id in id }
        let labelCogs = CogBox<Int, Int> { c, id in c[_stockCogs[id]] &* 3 }
        let badgeCogs = CogBox<Bool, Int> { c, id in c[_stockCogs[id]] % 2 == 0 }
        let cogs = Cogs.forTesting(checkingInvariants: false)
        let log = NoticeLog()
        for id in 1...pinned { blackHole(cogs[labelCogs[id]]) }
        var stock = 0
        func run() {
            stock = opaqueIdentity(stock &+ 1)
            cogs.restock(_stockCogs, key: 0, to: stock)
            blackHole(cogs[labelCogs[0]])
            blackHole(cogs[badgeCogs[0]])
        }
        for _ in 0..<4 { run() }
        return ScenarioInstance(
            unitsPerRun: 1,
            noticesOfOneRun: {
                log.watch("label[0]") { cogs[labelCogs[0]] }
                log.watch("badge[0]") { cogs[badgeCogs[0]] }
                for id in 1...pinned { log.watch("label[\(id)]") { cogs[labelCogs[id]] } }
                run()
                return log.take()
            },
            verify: {
                cogs.peek(labelCogs[0]) == 3 * stock && cogs.peek(labelCogs[pinned]) == 3 * pinned
                    ? nil : "label[0] read \(cogs.peek(labelCogs[0])), expected \(3 * stock)"
            }, run: run)
    }

    /// PERF-13: a chain of 1,000 automatic values, each its predecessor plus
    /// one; a turn writes the head and a read of the tail settles every
    /// link. Per node is the 1,000-link chain's cost minus a 500-link
    /// chain's, over 500: what a turn costs whatever its depth drops out.
    static let deepChain = ScenarioProbe(
        id: "PERF-13", name: "PERF-13 deep-chain settle",
        summary: "a turn writes the head of a chain of automatic values and a read of the tail settles every "
            + "link: 1,000 links minus 500, per link",
        unit: "node", measuresMemory: false, make: { chain(1_000, reference: chain(500, reference: nil)) })

    @MainActor
    private static func chain(_ length: Int, reference: ScenarioInstance?) -> ScenarioInstance {
        let _headCog = Cog<Int>.Manual { 0 }
        var links: [Cog<Int>] = []
        links.reserveCapacity(length)
        var lastCog = Cog<Int> { c in c[_headCog] }
        links.append(lastCog)
        for _ in 1..<length {
            let beforeCog = lastCog
            lastCog = Cog<Int> { c in c[beforeCog] &+ 1 }
            links.append(lastCog)
        }
        let tailCog = lastCog
        let cogs = Cogs.forTesting(checkingInvariants: false)
        // A first read nests one cold run per link; from the head end each
        // nests one, where a first read of the tail would nest them all.
        for link in links { blackHole(cogs.peek(link)) }
        var head = 0
        func run() {
            head = opaqueIdentity(head &+ 1)
            cogs.moveHead(_headCog, to: head)
            blackHole(cogs.peek(tailCog))
        }
        for _ in 0..<4 { run() }
        return ScenarioInstance(
            unitsPerRun: length, reference: reference,
            verify: {
                cogs.peek(tailCog) == head + length - 1
                    ? nil : "tail read \(cogs.peek(tailCog)), expected \(head + length - 1)"
            }, run: run)
    }
}

extension CogOps {
    fileprivate func reprice(_ price: Cog<Int>.Manual, quantities: CogBox<Int, Int>.Manual, to value: Int) {
        turn { c in
            c[price] = value
            c[quantities[3]] += 1
        }
    }

    /// A feed that moves every key's source to its key plus `offset`.
    fileprivate func bumpEvery(_ sources: CogBox<Int, Int>.Manual, count: Int, by offset: Int) {
        turn { c in
            for key in 0..<count { c[sources[key]] = key &+ offset }
        }
    }

    fileprivate func restock(_ sources: CogBox<Int, Int>.Manual, key: Int, to value: Int) {
        turn { c in c[sources[key]] = value }
    }

    fileprivate func moveHead(_ head: Cog<Int>.Manual, to value: Int) {
        turn { c in c[head] = value }
    }
}
