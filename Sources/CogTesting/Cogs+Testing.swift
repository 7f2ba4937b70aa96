import Cog

extension Cogs {
    /// A fresh, isolated runtime for one test or preview. `seeding` writes
    /// starting values quietly (no turn, no notice) before anything reads
    /// them; the runtime never claims the production assembly slot.
    /// `mechanisms` start after seeding, in list order, as at assembly.
    /// `clock` drives grace periods (default: real time) and `grace` is
    /// the context's whileObserved default. In debug builds the runtime
    /// checks the graph's invariants after every turn and traps on a broken
    /// one, naming it; `checkingInvariants: false` is for code that measures
    /// the runtime's own work (allocations, retains, instructions), which
    /// the check would add to.
    public static func forTesting(
        seeding: (CogSeed) -> Void = { _ in },
        mechanisms: [any Mechanism] = [],
        clock: TestClock? = nil,
        grace: Duration = .seconds(30),
        checkingInvariants: Bool = true
    ) -> Cogs {
        let cogs = Cogs()
        #if DEBUG
            cogs.checksInvariants = checkingInvariants
        #endif
        if let clock { cogs.useTimers(clock, grace: grace) }
        seeding(CogSeed(cogs: cogs))
        cogs.start(mechanisms)
        return cogs
    }

    /// A fresh runtime plus a live controller named `Test`, whose
    /// registrations order after every listed mechanism's own.
    public static func forTestingWithController(
        seeding: (CogSeed) -> Void = { _ in },
        mechanisms: [any Mechanism] = [],
        clock: TestClock? = nil,
        grace: Duration = .seconds(30),
        checkingInvariants: Bool = true
    ) -> (cogs: Cogs, controller: CogController) {
        let cogs = forTesting(
            seeding: seeding, mechanisms: mechanisms, clock: clock, grace: grace,
            checkingInvariants: checkingInvariants)
        return (cogs, cogs.makeController(named: "Test"))
    }

    /// Runs `body` with the real production assembly installed, then clears
    /// the slot. Synchronous, so no other test can observe the install.
    public static func withAssembledCogs(mechanisms: [any Mechanism] = [], _ body: (Cogs) -> Void) {
        let cogs = Cogs.assemble(mechanisms: mechanisms)
        defer { Cogs.clearAssembly() }
        body(cogs)
    }

    #if DEBUG
        /// Seeds a source of a live runtime quietly: no turn, history entry,
        /// notice or reaction (debug builds only; idle test setup only).
        public func seed<Reference: CogWritable>(_ reference: Reference, _ value: Reference.Value) {
            seed(reference.manualCogReference, value)
        }
    #endif

    /// Whether `cogs` is the installed production runtime.
    public static func isAssembledCogs(_ cogs: Cogs) -> Bool {
        isAssembled(cogs)
    }
}

/// The seeding capability `Cogs.forTesting(seeding:)` hands out. Release
/// builds have no way to seed: its members exist only in debug builds.
@MainActor
public struct CogSeed {
    let cogs: Cogs

    #if DEBUG
        /// Seeds a source quietly (debug builds only). Reading returns the
        /// seeded (or starting) value.
        public subscript<Reference: CogWritable>(reference: Reference) -> Reference.Value {
            get { cogs.peek(reference) }
            nonmutating set { cogs.seed(reference.manualCogReference, newValue) }
        }

        /// Seeds a source quietly from idle test setup (debug builds only).
        public func seed<Reference: CogWritable>(_ reference: Reference, _ value: Reference.Value) {
            cogs.seed(reference.manualCogReference, value)
        }
    #endif
}
