import Cog
import CogTesting
import Testing

private let _tempCog = Cog<Int>.Manual { 50 }
private let _otherCog = Cog<Int>.Manual { 0 }
private let isHotCog = Cog<Bool> { c in c[_tempCog] > 80 }

extension CogOps {
    fileprivate func setTemp(_ value: Int) { turn(_tempCog, to: value) }
    fileprivate func setOther(_ value: Int) { turn(_otherCog, to: value) }
}

@MainActor
struct ReactionScenarioTests {
    @Test("REACT-01 a reaction registered with m.run runs once right away")
    func runsAtRegistration() {
        let (cogs, m) = Cogs.forTestingWithController()
        defer { withExtendedLifetime(cogs) {} }  // the runtime owns its controllers, not the reverse
        let log = EventLog()
        m.run { c in log.append("temp \(c[_tempCog])") }
        #expect(log.events == ["temp 50"])
    }

    @Test("REACT-02 a changed read reruns the reaction before the op returns")
    func rerunsSynchronously() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in log.append("temp \(c[_tempCog])") }
        cogs.setTemp(60)
        #expect(log.events == ["temp 50", "temp 60"])
    }

    @Test("REACT-03 a turn that changes nothing the reaction read leaves it quiet")
    func unrelatedTurnIsQuiet() {
        let (cogs, m) = Cogs.forTestingWithController()
        let runs = RunCounter()
        m.run { c in
            runs.bump()
            _ = c[_tempCog]
        }
        cogs.setOther(1)
        #expect(runs.count == 1)
    }

    @Test("REACT-04 a reaction sees settled state from the turn that woke it")
    func seesSettledState() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in log.append("\(c[_tempCog]) \(c[isHotCog])") }
        cogs.setTemp(90)
        #expect(log.events.last == "90 true")
    }

    @Test("REACT-05 reactions woken by one turn run in registration order")
    func registrationOrder() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in log.append("A \(c[isHotCog])") }
        m.run { c in log.append("B \(c[_tempCog])") }
        m.run { c in log.append("C \(c[isHotCog])") }
        log.events.removeAll()
        cogs.setTemp(95)
        #expect(log.events == ["A true", "B 95", "C true"])
    }

    @Test(
        "REACT-05 reactions the push reaches in reverse order (through a stack of computed values) still run in registration order"
    )
    func registrationOrderThroughComputedValues() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        // The push marks the three computed values, then walks them as a
        // stack, so it reaches their reactions last-registered first.
        let stages = (1...3).map { stage in Cog<Int> { c in c[_tempCog] + stage } }
        for (index, stage) in stages.enumerated() {
            m.run { c in log.append("R\(index + 1) \(c[stage])") }
        }
        log.events.removeAll()
        cogs.setTemp(10)
        #expect(log.events == ["R1 11", "R2 12", "R3 13"])
    }

    @Test("REACT-06 a reaction is re-tracked on every run")
    func retracked() {
        let _useOtherCog = Cog<Bool>.Manual { false }
        let (cogs, m) = Cogs.forTestingWithController()
        let runs = RunCounter()
        m.run { c in
            runs.bump()
            _ = c[_useOtherCog] ? c[_otherCog] : c[_tempCog]
        }
        cogs.turn(_useOtherCog, to: true)
        cogs.setTemp(70)
        #expect(runs.count == 2)
        cogs.setOther(3)
        #expect(runs.count == 3)
    }

    @Test(
        "REACT-23 reactions registered during a flush wait behind scheduled reactions and run before write-back turns")
    func registrationDuringFlush() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        var registered = false
        m.run { c in
            let temp = c[_tempCog]
            log.append("outer \(temp)")
            if temp == 60, !registered {
                registered = true
                cogs.setOther(temp)
                m.run { c in log.append("inner1 \(c[_otherCog])") }
                m.run { _ in log.append("inner2") }
            }
        }
        m.run { c in log.append("sibling \(c[_tempCog])") }
        log.events.removeAll()
        cogs.setTemp(60)
        #expect(log.events == ["outer 60", "sibling 60", "inner1 0", "inner2", "inner1 60"])
    }

    @Test("REACT-08 watch with initial: .skip is first called on a real change with old and new values")
    func watchSkip() {
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.watch(_tempCog, initial: .skip) { old, new in log.append("\(old.map(String.init) ?? "nil")->\(new)") }
        #expect(log.events.isEmpty)
        cogs.setTemp(55)
        #expect(log.events == ["50->55"])
    }

    @Test("REACT-09 watch with initial: .run is called once at registration")
    func watchRun() {
        let (cogs, m) = Cogs.forTestingWithController()
        defer { withExtendedLifetime(cogs) {} }  // the runtime owns its controllers, not the reverse
        let log = EventLog()
        m.watch(_tempCog, initial: .run) { old, new in log.append("\(old.map(String.init) ?? "nil")->\(new)") }
        #expect(log.events == ["nil->50"])
    }

    @Test("REACT-16 a reaction's op becomes a later turn; chained write-backs run FIFO, each on settled state")
    func writeBackChain() {
        let _aCog = Cog<Int>.Manual { 0 }
        let _bCog = Cog<Int>.Manual { 0 }
        let _cCog = Cog<Int>.Manual { 0 }
        let (cogs, m) = Cogs.forTestingWithController()
        let log = EventLog()
        m.run { c in
            let a = c[_aCog]
            if a > 0 { m.turn("copyToB") { w in w[_bCog] = a } }
        }
        m.run { c in
            let b = c[_bCog]
            log.append("B sees a=\(cogs.peek(_aCog)) b=\(b)")
            if b > 0 { m.turn("copyToC") { w in w[_cCog] = b } }
        }
        m.run { c in log.append("C \(c[_cCog])") }
        log.events.removeAll()
        cogs.turn("start") { w in w[_aCog] = 7 }
        #expect(log.events == ["B sees a=7 b=7", "C 7"])
        #if DEBUG  // turn names are debug history (HIST-04)
            #expect(Array(cogs.debugRecentTurnNames.suffix(3)) == ["start", "copyToB", "copyToC"])
        #endif
    }

    @Test("REACT-19 every changed UI boundary is notified before any reaction runs")
    func noticesBeforeReactions() {
        let (cogs, m) = Cogs.forTestingWithController()
        let view = HeadlessView()
        view.render { _ = cogs[_tempCog] }
        var noticesSeenByReaction: [Int] = []
        m.run { c in
            _ = c[_tempCog]
            noticesSeenByReaction.append(view.notices.count)
        }
        cogs.setTemp(61)
        #expect(noticesSeenByReaction == [0, 1])
    }

    @Test("REACT-21 an automatic cog recomputing to an equal value does not run its reaction")
    func equalRecomputeIsQuiet() {
        let (cogs, m) = Cogs.forTestingWithController()
        let runs = RunCounter()
        m.run { c in
            runs.bump()
            _ = c[isHotCog]
        }
        cogs.setTemp(51)
        #expect(runs.count == 1)
    }

    @Test("REACT-22 an equal write to a source the reaction reads does not run it")
    func equalWriteIsQuiet() {
        let (cogs, m) = Cogs.forTestingWithController()
        let runs = RunCounter()
        m.run { c in
            runs.bump()
            _ = c[_tempCog]
        }
        cogs.setTemp(50)
        #expect(runs.count == 1)
    }
}

@MainActor
struct ReactionExportOrderScenarioTests {
    @Test("REACT-20 every changed export value is offered before any reaction runs")
    func exportsBeforeReactions() async {
        let (cogs, m) = Cogs.forTestingWithController(clock: TestClock())
        let log = EventLog()
        let exportedCog = Cog<Int> { c in
            let temp = c[_tempCog]
            log.append("export settles \(temp)")
            return temp
        }
        m.run { c in log.append("reaction \(c[_tempCog])") }
        var values = cogs.values(of: exportedCog, buffering: .unbounded).makeAsyncIterator()
        #expect(await values.next() == 50)
        log.events.removeAll()
        cogs.setTemp(77)
        #expect(log.events == ["export settles 77", "reaction 77"])
        #if DEBUG
            // The offer itself: each export's node (its run hands the value to
            // the subscriber's buffer) runs in that flush before any reaction.
            let flush = cogs.debugHistory.filter { $0.turn == cogs.debugHistory.last?.turn }
            let offers = flush.indices.filter {
                flush[$0].kind == .recompute && flush[$0].label.hasPrefix("values(of:")
            }
            let reactions = flush.indices.filter { flush[$0].kind == .reaction }
            #expect(!offers.isEmpty && !reactions.isEmpty, "\(flush)")
            #expect((offers.max() ?? .max) < (reactions.min() ?? .min), "\(flush)")
        #endif
        #expect(await values.next() == 77)
    }
}
