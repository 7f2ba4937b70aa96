/// The runtime: one MainActor graph that owns every state's value, edges,
/// turns and UI boundaries.
///
/// Production calls `Cogs.assemble(mechanisms:)` once; tests and previews
/// call `Cogs.forTesting(seeding:)` from CogTesting. The plain initializer is
/// package-only, so feature code cannot create a second graph.
@MainActor
public final class Cogs: CogOps {
    @usableFromInline let graph = Graph()
    /// One typed family per declaration this runtime has seen; the runtime
    /// owns them.
    @exclusivity(unchecked) private var ownedFamilies = ContiguousArray<FamilyBase>()
    /// The family of each declaration whose one-entry cache another runtime
    /// took over since. Those lookups, and those of a keyless declaration
    /// whose row is released (its cache parked), are the only ones that miss
    /// the cache. (The app's one runtime never fills this, so declaring
    /// state hashes nothing.)
    @exclusivity(unchecked) private var evictedFamilies: [ObjectIdentifier: FamilyBase] = [:]
    @exclusivity(unchecked) @usableFromInline var turns = TurnState()
    /// The writer of the outer turn while its body runs and that writer is
    /// live, else 0 (which no writer carries): the write path's inlined
    /// liveness test.
    @exclusivity(unchecked) @usableFromInline var accumulatingWriter: UInt64 = 0
    /// The async machinery of each live async status node.
    @exclusivity(unchecked) var asyncRows: [Int32: AsyncRowBase] = [:]
    /// The listed mechanisms, retained for the life of the runtime, and
    /// their controllers.
    @exclusivity(unchecked) var mechanisms: [any Mechanism] = []
    @exclusivity(unchecked) var controllers: [CogController] = []
    /// Subscriptions `values(of:)` made that have not ended.
    @exclusivity(unchecked) var exportCount = 0
    /// The slot of every reaction and export node, live or retired: the
    /// nodes are reused, so this stays as large as the most registrations
    /// ever live at once (issue 35).
    @exclusivity(unchecked) var registrationSlots: [Int32: RegistrationSlot] = [:]
    /// Retired registrations' nodes, not yet safe to reuse
    /// (`recycleRetiredRegistrations`).
    @exclusivity(unchecked) var retiredRegistrations: [Int32] = []
    /// Retired reaction and export nodes a registration may reuse.
    @exclusivity(unchecked) var freeReactionNodes: [Int32] = []
    @exclusivity(unchecked) var freeExportNodes: [Int32] = []
    /// Never reused, so a descriptor's family cache cannot name a dead runtime.
    @usableFromInline let serial: UInt64

    @exclusivity(unchecked) private static var lastSerial: UInt64 = 0

    /// Grace timers and the context's default grace period (30 s in
    /// production; tests inject a clock and a duration).
    @exclusivity(unchecked) var timers: any CogTimerSource = ContinuousTimers()
    @exclusivity(unchecked) var grace: Duration = .seconds(30) {
        didSet { graceNanoseconds = grace.wholeNanoseconds }
    }
    /// `grace` in the unit the windows keep (converting a `Duration` per
    /// window is a 128-bit division).
    @exclusivity(unchecked) private(set) var graceNanoseconds: Int64 = 30_000_000_000
    /// When each unobserved releasable node's grace window ends.
    @exclusivity(unchecked) var graceWindows = GraceWindows()
    /// Families whose declaration names its own grace period.
    @exclusivity(unchecked) var graceOverrides: [ObjectIdentifier: Int64] = [:]
    /// Bodies of reactions retired while runs were executing, dropped once
    /// the retiring run has returned to the reaction loop
    /// (`keepBodiesWhileRunning`).
    @exclusivity(unchecked) var retiredReactionBodies: [ReactionBody] = []
    /// The inputs `c.track` links in (`Cogs+Track`), created with the first.
    @exclusivity(unchecked) var trackRegistry: TrackRegistry?

    #if DEBUG
        /// The bounded debug history (debug builds only; see `CogHistory`).
        @exclusivity(unchecked) var history = CogHistory()
        /// Whether each turn's end checks the graph's invariants
        /// (`Cogs+Invariants`); `Cogs.forTesting` turns it on.
        @exclusivity(unchecked) package var checksInvariants = false
    #endif

    /// Called on the MainActor when teardown finished: the internal
    /// acknowledgement that deinit cleanup reached the MainActor (MECH-15).
    package var onTeardown: (@MainActor () -> Void)?

    package init() {
        Cogs.lastSerial += 1
        serial = Cogs.lastSerial
        graph.lifetime = .passUnretained(self)
        Graph.liveGraphs[serial] = .passUnretained(graph)
    }

    /// Teardown, when the last reference drops (on the MainActor or from
    /// another executor; an isolated deinit always runs on the MainActor).
    /// Every controller becomes inert first, then their reactions and tasks
    /// are cancelled and their bodies released; async work is cancelled
    /// (waiting refresh handles resolve `released`) and grace timers
    /// stop, export readers end and tracked inputs stop observing; only
    /// then are the mechanisms released, and what they own after them. The
    /// acknowledgement comes last.
    isolated deinit {
        for controller in controllers { controller.markRetired() }
        for controller in controllers { controller.releaseRegistrations(in: nil) }
        for row in asyncRows.values { row.release() }
        graceWindows.disarm()
        // Ends each live export's reader loop.
        for slot in registrationSlots.values { slot.onTeardown?() }
        tearDownTracking()
        mechanisms.removeAll()
        // Families hold the graph and the graph's family column holds them:
        // break the cycle so both go with the runtime.
        graph.family.removeAll()
        ownedFamilies.removeAll()
        evictedFamilies.removeAll()
        Graph.liveGraphs[serial] = nil
        turns.staged.deallocate()
        onTeardown?()
    }

    // MARK: Storage lookup

    @inlinable @inline(__always)
    func family<Value>(for descriptor: CogDescriptor<Value>) -> Family<Value> {
        if descriptor.cache.runtimeSerial == serial, let cached = descriptor.cache.family {
            return cached.takeUnretainedValue()
        }
        return lookUpFamily(for: descriptor)
    }

    /// The family of `descriptor` in this runtime, created on first use.
    /// Inlinable (never inlined) so the family is created by code
    /// specialized for `Value`.
    @inlinable @inline(never)
    func lookUpFamily<Value>(for descriptor: CogDescriptor<Value>) -> Family<Value> {
        let id = ObjectIdentifier(descriptor)
        let previous = descriptor.cache
        let family: Family<Value>
        if previous.owner == serial, let parked = previous.family {
            // This runtime's keyless family, its row released or not yet
            // created: a caller that creates the row unparks the cache.
            family = parked.takeUnretainedValue()
        } else if let existing = evictedFamily(for: id) {
            family = unsafeDowncast(existing, to: Family<Value>.self)
        } else {
            family = Family(descriptor: descriptor, cogs: self)
            register(family, grace: descriptor.grace)
        }
        // The cache is about to name this runtime: if it named another live
        // one, that runtime must still find its family without it.
        if previous.owner != serial, let evicted = previous.family {
            // Through the opaque pointer: the family may be gone with its
            // runtime, so no strong reference to it is formed here.
            Self.noteEviction(of: .fromOpaque(evicted.toOpaque()), runtimeSerial: previous.owner, for: id)
        }
        Graph.lastTrackedRead = Graph.noTrackedRead
        descriptor.cache = FamilyCache(
            runtimeSerial: FamilyCache<Value>.serial(serial, parked: family.parksCache),
            family: .passUnretained(family))
        return family
    }

    @usableFromInline
    func evictedFamily(for id: ObjectIdentifier) -> FamilyBase? {
        evictedFamilies.isEmpty ? nil : evictedFamilies[id]
    }

    /// A descriptor's cache named `family` of the runtime numbered
    /// `runtimeSerial` and is being taken over: if that runtime still lives
    /// (else the family is gone too), it remembers the family by id.
    @usableFromInline
    static func noteEviction(of family: Unmanaged<FamilyBase>, runtimeSerial: UInt64, for id: ObjectIdentifier) {
        guard Graph.liveGraphs[runtimeSerial] != nil else { return }
        let family = family.takeUnretainedValue()
        family.cogs.evictedFamilies[id] = family
    }

    @usableFromInline
    func register(_ family: FamilyBase, grace: Duration?) {
        ownedFamilies.append(family)
        if let grace { graceOverrides[ObjectIdentifier(family)] = grace.wholeNanoseconds }
    }

    // MARK: Seams for CogTesting

    #if DEBUG
        /// Writes a source's value quietly: no turn, no history entry, no
        /// notice and no reaction now. A changed value still marks dependents
        /// stale, so the next read (or the next real turn) settles from it.
        /// Equal seeds change nothing. Debug builds only; only at idle.
        package func seed<Value>(_ reference: ManualCogReference<Value>, _ value: Value) {
            let reference = reference.cogReference
            guard turns.phase == .idle, !graph.isComputing else {
                fatalError(
                    "Cog: seed of '\(reference.descriptor.name)' was called inside a turn, selector or reaction. "
                        + "seed is only for idle test setup; use a turn for a loud domain write."
                )
            }
            let family = family(for: reference.descriptor)
            guard let row = family.existingRow(for: reference.key) else {
                _ = family.addRow(key: reference.key, value: value)
                return
            }
            if let current = family.value(ofRow: row), family.isEqual(current, value) { return }
            family.setValue(value, ofRow: row)
            family.forgetReplaced(slot: row)
            graph.markSeeded(family.node(ofRow: row))
        }
    #endif

    /// How many Observation boundary objects this runtime owns.
    package var boundaryObjectCount: Int { graph.boundaries.count }

    /// The label Cog uses for a state in diagnostics.
    package func diagnosticLabel<Reference: CogReadable>(of reference: Reference) -> String {
        let reference = reference.cogReference
        let family = family(for: reference.descriptor)
        return family.label(slot: family.row(for: reference.key))
    }

    /// The edge pool's high-water mark: rows ever created.
    package var edgePoolHighWaterMark: Int { graph.edges.capacityInUse }
    /// Selector runs since the runtime started (reactions included).
    package var recomputeCount: Int { graph.recomputeCount }
    /// Arena nodes ever created (a reused node counts once).
    package var nodeCount: Int { graph.nodeCount }
    /// Subscriptions `values(of:)` made that have not ended.
    package var liveExportCount: Int { exportCount }
}
