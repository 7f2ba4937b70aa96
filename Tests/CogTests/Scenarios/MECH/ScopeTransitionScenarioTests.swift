import Cog
import CogTesting
import Testing

private let _gateCog = Cog<Bool>.Manual { false }
private let _accountCog = Cog<String?>.Manual { nil }
private let _levelCog = Cog<Int>.Manual { 0 }
private let _useBackupCog = Cog<Bool>.Manual { false }
private let _backupAccountCog = Cog<String?>.Manual { nil }
private let accountCog = _accountCog.readOnly
private let selectedAccountCog = Cog<String?> { c in c[_useBackupCog] ? c[_backupAccountCog] : c[_accountCog] }
private let isSignedInCog = Cog<Bool> { c in c[_accountCog] != nil }
/// A keyed selection: the account open in each window.
private let _windowAccountCogs = CogBox<String?, Int>.Manual { _ in nil }

@MainActor
struct ScopeTransitionScenarioTests {
    @Test(
        "MECH-11 one turn that wakes a scoped reaction and lowers its gate tears the scope down first; the sibling never runs"
    )
    func teardownBeforeWokenSibling() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var tasks: [Task<Void, Never>] = []
        m.scope(_gateCog) { child in
            child.run { c in log.append("level \(c[_levelCog])") }
            tasks.append(child.task { _ in })
        }
        cogs.turn(_gateCog, to: true)
        cogs.turn("closeAndChange") { c in
            c[_gateCog] = false
            c[_levelCog] = 9
        }
        #expect(log.events == ["level 0"])
        #expect(tasks.allSatisfy { $0.isCancelled })
        #expect(cogs.peek(_levelCog) == 9)
    }

    @Test("MECH-19 one turn staging several identities transitions at most once, from the identity observed before")
    func atomicTurnTransitionsOnce() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(_accountCog) { _, id in log.append("open \(id)") }
        cogs.turn(_accountCog, to: "A")
        cogs.turn("flicker") { c in
            c[_accountCog] = "B"
            c[_accountCog] = "A"
        }
        #expect(log.events == ["open A"])
        cogs.turn("switch") { c in
            c[_accountCog] = "C"
            c[_accountCog] = "B"
        }
        #expect(log.events == ["open A", "open B"])
    }

    /// The accounts are set by an ordinary turn before the scope registers
    /// (not by seeding, which exists only in debug builds), so the proof
    /// runs in release builds too.
    @Test(
        "MECH-20 the identity is the scope's only lifetime dependency; a selector switching upstream with the same identity keeps the child"
    )
    func identityIsOnlyDependency() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        cogs.turn("accounts") { c in
            c[_accountCog] = "A"
            c[_backupAccountCog] = "A"
        }
        m.scope(selectedAccountCog) { child, id in
            log.append("open \(id) at \(child.peek(_levelCog))")
        }
        cogs.turn(_levelCog, to: 1)
        cogs.turn(_useBackupCog, to: true)
        #expect(log.events == ["open A at 0"])
        cogs.turn(_backupAccountCog, to: "B")
        #expect(log.events == ["open A at 0", "open B at 1"])
    }

    @Test("MECH-21 scopes accept automatic cogs, sources and read-only projections; an equal republish does not reopen")
    func scopeInputs() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(isSignedInCog) { _ in log.append("automatic") }
        m.scope(_accountCog) { _, id in log.append("source \(id)") }
        m.scope(accountCog) { _, id in log.append("projection \(id)") }
        cogs.turn(_accountCog, to: "A")
        cogs.turn(_accountCog, to: "A")
        #expect(log.events == ["automatic", "source A", "projection A"])
    }

    @Test("MECH-21 keyed selections own independent lifetimes: a change under one key leaves the other's child")
    func keyedSelectionsAreIndependent() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        var children: [Int: [CogController]] = [:]
        for window in [1, 2] {
            m.scope(_windowAccountCogs[window]) { child, account in
                log.append("window \(window) opens \(account)")
                children[window, default: []].append(child)
            }
        }
        cogs.turn("open") { c in
            c[_windowAccountCogs[1]] = "A"
            c[_windowAccountCogs[2]] = "B"
        }
        cogs.turn(_windowAccountCogs[1], to: "C")
        cogs.turn(_windowAccountCogs[2], to: "B")
        #expect(log.events == ["window 1 opens A", "window 2 opens B", "window 1 opens C"])
        #expect(children[1]?.map(\.isLive) == [false, true])
        #expect(
            children[2]?.map(\.isLive) == [true], "window 2's child outlived window 1's change and its own equal write")
        cogs.turn(_windowAccountCogs[1], to: nil)
        #expect(children[1]?.last?.isLive == false)
        #expect(children[2]?.first?.isLive == true)
    }

    @Test("MECH-22 an identity replaced while a derived Bool stays true swaps the child exactly once")
    func identityReplacedUnderTrueGate() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(isSignedInCog) { signedIn in
            signedIn.scope(accountCog) { session, id in
                log.append("open \(id)")
                session.run { c in log.append("\(id) sees \(c[_levelCog])") }
            }
        }
        cogs.turn(_accountCog, to: "A")
        cogs.turn(_accountCog, to: "B")
        cogs.turn(_levelCog, to: 3)
        #expect(log.events == ["open A", "A sees 0", "open B", "B sees 0", "B sees 3"])
    }

    @Test(
        "MECH-24 replacing an identity while changing what the old child reads runs only the new child, after the sibling"
    )
    func replacementJoinsReactionTail() {
        let log = EventLog()
        let (cogs, m) = Cogs.forTestingWithController()
        m.scope(accountCog) { session, id in
            session.run { c in log.append("\(id) sees \(c[_levelCog])") }
        }
        m.run { c in log.append("sibling \(c[_levelCog])") }
        cogs.turn(_accountCog, to: "A")
        log.events.removeAll()
        cogs.turn("replace") { c in
            c[_accountCog] = "B"
            c[_levelCog] = 4
        }
        #expect(log.events == ["sibling 4", "B sees 4"])
    }
}
