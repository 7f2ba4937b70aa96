/// The internal identity and behaviour of one declaration.
///
/// A descriptor names state; it never holds a live value. Its object
/// identity (plus an optional key) is the state identity inside one `Cogs`,
/// so two declarations with the same name stay distinct, copies of one
/// declaration converge, and two runtimes give it independent state.
@usableFromInline
nonisolated final class CogDescriptor<Value>: @unchecked Sendable {
    // @unchecked only for `cache`: every other stored property is an
    // immutable Sendable value, and the cache is touched only by `Cogs`,
    // which is MainActor-isolated.

    /// The family of the runtime that last looked this descriptor up, so
    /// the app's one runtime finds its family without hashing. Declared
    /// first: every tracked read tests it, and at the front of the object
    /// it never straddles two cache lines. Unchecked exclusivity: every
    /// access is an instantaneous whole-value read or a short write on the
    /// MainActor, none overlaps another, and a checked one cost a
    /// `swift_beginAccess` per read in every client module (the Storefront
    /// session: about 20,000 of them).
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var cache = FamilyCache<Value>()

    @usableFromInline
    enum Production: Sendable {
        /// A source: its starting-value closure runs once per state.
        case manual(@MainActor (CogKey?) -> Value)
        /// An automatic value: its selector runs on demand. A keyless
        /// declaration's is the user's own; a box's finds its key in the
        /// reader (`CogReader.key`).
        case automatic(@MainActor (inout CogReader<Value>) -> Value)
    }

    /// This descriptor's address, as `Graph.lastTrackedRead` holds it.
    @inlinable var identityBits: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// `name:` when given, else the declaration site as `fileID:line`.
    /// Rendered on demand (diagnostics only), so declaring a state formats
    /// and allocates no string.
    @usableFromInline var name: String { nameSource.name }
    @usableFromInline let nameSource: CogNameSource
    @usableFromInline let production: Production
    /// What a run calls: the automatic selector, or for a source a stand-in
    /// that never runs. Held apart from `production` so a family copies it
    /// once. Formed here, where the declaration is written and this
    /// initializer is specialized, a stand-in closure needs no context; a
    /// reference to a static method of the generic family needed one, an
    /// allocation per family.
    @usableFromInline let selector: @MainActor (inout CogReader<Value>) -> Value
    /// A box's descriptor: its references always carry a key, a keyless
    /// declaration's never do, so reads can skip the key entirely.
    @usableFromInline let isKeyed: Bool
    /// An async status node: the flush settles it whenever a push reaches
    /// it, so a dependency change restarts its work in the same turn.
    @usableFromInline let isEager: Bool
    /// A manual source declared `.whileObserved(resetToInitial: true)`:
    /// released like automatic state, it comes back at its starting value.
    @usableFromInline let isReleasableSource: Bool
    /// The declaration's own grace period, or nil for the context default.
    @usableFromInline let grace: Duration?
    /// One of an async declaration's two descriptors (`discard` refuses them).
    @usableFromInline let isAsync: Bool
    /// Nil means "never equal": every write or recompute counts as a change.
    @usableFromInline let equals: (@MainActor (Value, Value) -> Bool)?
    /// `equals`, or "never equal" for nil: what a family stores, formed
    /// here for the same reason as `selector`.
    @usableFromInline let equalsOrNever: @MainActor (Value, Value) -> Bool
    /// The family's typed work: running a selector and committing a write.
    /// They are formed where the declaration is written (this initializer
    /// is inlinable), so they are specialized for `Value` there; an
    /// `Equatable` declaration without `equals:` passes kernels that compare
    /// with `==` inline instead of calling `equals`. They capture nothing,
    /// and the family copies them, so the graph calls one straight from the
    /// family it holds.
    @usableFromInline let recomputeKernel: FamilyBase.RecomputeKernel
    @usableFromInline let commitKernel: FamilyBase.CommitKernel

    @inlinable
    init(
        name: String?,
        fileID: String,
        line: Int,
        equals: (@MainActor (Value, Value) -> Bool)?,
        isKeyed: Bool,
        isEager: Bool = false,
        releasableSource: Bool = false,
        grace: Duration? = nil,
        isAsync: Bool = false,
        production: Production,
        kernels: (recompute: FamilyBase.RecomputeKernel, commit: FamilyBase.CommitKernel)? = nil
    ) {
        self.nameSource = CogNameSource(name: name, fileID: fileID, line: line)
        self.isKeyed = isKeyed
        self.isEager = isEager
        self.isReleasableSource = releasableSource
        self.grace = grace
        self.isAsync = isAsync
        self.equals = equals
        self.equalsOrNever = equals ?? { _, _ in false }
        self.production = production
        switch production {
        case .automatic(let selector): self.selector = selector
        case .manual: self.selector = { _ in preconditionFailure("a source has no selector") }
        }
        if let kernels {
            recomputeKernel = kernels.recompute
            commitKernel = kernels.commit
        } else {
            // Closure literals (see `Family.equatableKernels`).
            recomputeKernel = { @MainActor base, slot, node, stamp in
                Family<Value>.genericRecompute(base, slot, node, stamp)
            }
            commitKernel = { @MainActor base, slot in Family<Value>.genericCommit(base, slot) }
        }
    }

    // Written out, as the design asks of every generic class (see Family).
    nonisolated deinit {}

    @usableFromInline
    var isAutomatic: Bool {
        if case .manual = production { return false }
        return true
    }
}

/// A declaration's name as given: `name:`, or the declaration site.
@usableFromInline
nonisolated struct CogNameSource: Sendable {
    @usableFromInline let explicit: String?
    @usableFromInline let fileID: String
    @usableFromInline let line: Int

    @inlinable init(name: String?, fileID: String, line: Int) {
        self.explicit = name
        self.fileID = fileID
        self.line = line
    }

    /// `name:` when given, else `fileID:line`.
    var name: String { explicit ?? "\(fileID):\(line)" }
}

/// A one-entry cache from a descriptor to its family in one runtime.
///
/// The family is unretained: the runtime's family table owns it, and the
/// cache is only consulted by the runtime whose never-reused serial it
/// records, which is alive while it asks.
///
/// Invariant: a serial that matches the asking runtime guarantees `family`
/// is set and, for a keyless declaration, that its one row is live, so the
/// keyless fast paths use the row's node with no further test. While the
/// row is released (or not created yet) the serial carries `parkedBit`:
/// every fast path misses, and the lookup finds the family under the
/// parked serial; creating the row unparks it.
@usableFromInline
nonisolated struct FamilyCache<Value> {
    /// 0 (no runtime has that serial) until a runtime fills the cache;
    /// a matching serial guarantees `family` is set.
    @usableFromInline var runtimeSerial: UInt64 = 0
    @usableFromInline var family: Unmanaged<Family<Value>>?

    /// Set in `runtimeSerial` while a keyless family's row is not live.
    /// Runtime serials count up from 1 and never reach it.
    @usableFromInline static var parkedBit: UInt64 { 1 << 63 }

    /// The runtime the cache names, parked or not.
    @inlinable var owner: UInt64 { runtimeSerial & ~Self.parkedBit }

    /// The serial that names `runtime`, parked while its keyless row is not live.
    @inlinable static func serial(_ runtime: UInt64, parked: Bool) -> UInt64 {
        parked ? runtime | parkedBit : runtime
    }

    @inlinable init() {}

    @inlinable init(runtimeSerial: UInt64, family: Unmanaged<Family<Value>>) {
        self.runtimeSerial = runtimeSerial
        self.family = family
    }
}

/// How long a manual source lives.
///
///     private let _draftNoteCogs = CogBox<String, ScreenID>.Manual(
///         lifetime: .whileObserved(resetToInitial: true)
///     ) { "" }
///
/// `.app` (the default) keeps the value for the life of the runtime.
/// `.whileObserved(resetToInitial: true)` releases the source like automatic
/// state once nothing observes it and its grace period passed (a peek or a
/// write renews the window, reactions and exports lease it, a UI read pins
/// it until `discard`); the next read starts over from the starting-value
/// closure, which runs again. Only such a source can be discarded.
public nonisolated struct ManualCogLifetime: Sendable {
    @usableFromInline let resetsToInitial: Bool
    @usableFromInline let grace: Duration?

    @usableFromInline init(resetsToInitial: Bool, grace: Duration?) {
        self.resetsToInitial = resetsToInitial
        self.grace = grace
    }

    /// The value lives as long as the runtime.
    public static let app = ManualCogLifetime(resetsToInitial: false, grace: nil)

    /// Released once unobserved for `grace` (the context default when nil),
    /// then recreated at its starting value. `resetToInitial` must be true:
    /// a released source has no value to come back as, so `false` cannot
    /// keep its promise and stops at the declaration.
    public static func whileObserved(resetToInitial: Bool, grace: Duration? = nil) -> ManualCogLifetime {
        guard resetToInitial else {
            fatalError(
                "Cog: .whileObserved(resetToInitial: false) cannot keep its promise: a released source has no value "
                    + "to come back as. Declare .whileObserved(resetToInitial: true), or keep the default .app."
            )
        }
        return ManualCogLifetime(resetsToInitial: true, grace: grace)
    }
}

/// How long an automatic or async state outlives its last observer:
///
///     let detailPriceCogs = CogBox<Int, Int>(
///         name: "detailPrice",
///         lifetime: .whileObserved(grace: .zero)
///     ) { c, id in ... }
///
/// Automatic and async state are always `whileObserved`: Cog can compute
/// them again, so once nothing observes one (no UI read, reaction, export
/// or live dependent) and its grace period passed, it is released. A peek
/// or refresh renews the window. The default grace is the context's (30 s
/// in production); a declaration whose states are cheap to recompute and
/// rarely revisited can name a shorter one, so what the app no longer
/// shows does not stay in memory for the context default.
public nonisolated struct AutomaticCogLifetime: Sendable {
    @usableFromInline let grace: Duration?

    @usableFromInline init(grace: Duration?) {
        self.grace = grace
    }

    /// Released once unobserved for `grace` (the context default when nil).
    public static func whileObserved(grace: Duration? = nil) -> AutomaticCogLifetime {
        AutomaticCogLifetime(grace: grace)
    }
}

/// The default equality of an `Equatable` value: `==`.
///
/// A named nonisolated function rather than a `{ $0 == $1 }` literal: a
/// closure literal takes its isolation from the `@MainActor` equality type,
/// and a MainActor closure formed in a nonisolated initializer checks the
/// current executor on every call (measured: two executor queries and a
/// retain/release pair per recompute). This function converts to the
/// MainActor type with no check.
@inlinable
nonisolated func structuralEquality<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
