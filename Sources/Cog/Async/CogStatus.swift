/// The lifecycle of one async state, read through the status lens:
/// `c.status[ref]`, `cogs.status[ref]`, `cogs.status.peek(ref)`.
///
/// `value` is always renderable: the latest accepted success, or the
/// declaration's `default:` before any. `error` is set only for the current
/// failure; `isLoading` and `hasSucceeded` are separate facts. A status read
/// at the UI edge (`cogs.status[ref]`) tracks each field separately: binding
/// the status tracks nothing until a field is read.
public nonisolated struct CogStatus<Value> {
    public typealias Kind = CogStatusKind

    @usableFromInline var storedKind: Kind
    @usableFromInline var storedValue: Value
    @usableFromInline var storedHasSucceeded: Bool
    @usableFromInline var storedError: (any Error)?
    /// Bumped when a success changes the renderable value; equal successes
    /// keep it, so value consumers (and the `value` field) stay quiet.
    @usableFromInline var valueVersion: UInt64
    /// Bumped for each published failure, so an equal error is still a notice.
    @usableFromInline var errorVersion: UInt64
    /// Set only on statuses returned by `cogs.status[...]`: field reads
    /// record Observation accesses on it.
    @usableFromInline var boundary: StatusBoundary?

    init(pendingWith value: Value) {
        storedKind = .pending
        storedValue = value
        storedHasSucceeded = false
        storedError = nil
        valueVersion = 0
        errorVersion = 0
        boundary = nil
    }

    /// Pending, success or failure.
    public var kind: Kind {
        boundary?.track(\.kind)
        return storedKind
    }

    /// The latest accepted success, or the declared default before any.
    public var value: Value {
        boundary?.track(\.value)
        return storedValue
    }

    /// Whether any generation of this state has succeeded.
    public var hasSucceeded: Bool {
        boundary?.track(\.hasSucceeded)
        return storedHasSucceeded
    }

    /// The current failure's error; nil unless `kind == .failure`.
    public var error: (any Error)? {
        boundary?.track(\.error)
        return storedError
    }

    /// Whether work is in flight for the current state (`kind == .pending`).
    public var isLoading: Bool {
        boundary?.track(\.isLoading)
        return storedKind == .pending
    }

    // MARK: Transitions (each published as its own turn)

    func pending() -> CogStatus {
        var next = self
        next.storedKind = .pending
        next.storedError = nil
        next.boundary = nil
        return next
    }

    @MainActor
    func succeeded(with value: Value, equals: (@MainActor (Value, Value) -> Bool)?) -> CogStatus {
        var next = self
        let same = storedHasSucceeded && (equals?(storedValue, value) ?? false)
        if !same { next.valueVersion &+= 1 }
        next.storedValue = value
        next.storedKind = .success
        next.storedHasSucceeded = true
        next.storedError = nil
        next.boundary = nil
        return next
    }

    func failed(with error: any Error) -> CogStatus {
        var next = self
        next.storedKind = .failure
        next.storedError = error
        next.errorVersion &+= 1
        next.boundary = nil
        return next
    }
}

/// What an async state's latest publication says: `CogStatus.Kind`.
public nonisolated enum CogStatusKind: Sendable, Equatable {
    case pending
    case success
    case failure
}

/// The Observation boundary of a UI-read async status: one tracked
/// property per `CogStatus` field, each notified only when that field changed.
@usableFromInline
nonisolated final class StatusBoundary: CogBoundary, @unchecked Sendable {
    // The snapshot is touched only by the flush and the creating read, both on the MainActor.
    // One distinct byte per field, so each key path is distinct.
    let kind: UInt8 = 0
    let hasSucceeded: UInt8 = 0
    let error: UInt8 = 0
    let isLoading: UInt8 = 0
    // `value` is inherited.

    private var lastKind: CogStatusKind
    private var lastValueVersion: UInt64
    private var lastHasSucceeded: Bool
    private var lastErrorVersion: UInt64
    private let current: @MainActor () -> (CogStatusKind, UInt64, Bool, UInt64)

    init(
        current: @escaping @MainActor () -> (CogStatusKind, UInt64, Bool, UInt64),
        initial: (CogStatusKind, UInt64, Bool, UInt64)
    ) {
        self.current = current
        (lastKind, lastValueVersion, lastHasSucceeded, lastErrorVersion) = initial
    }

    @usableFromInline
    func track(_ field: KeyPath<StatusBoundary, UInt8>) {
        registrar.access(self, keyPath: field)
    }

    override func notifyChange() {
        let (kind, valueVersion, hasSucceeded, errorVersion) = MainActor.assumeIsolated { current() }
        if kind != lastKind { registrar.withMutation(of: self, keyPath: \.kind) {} }
        if (kind == .pending) != (lastKind == .pending) { registrar.withMutation(of: self, keyPath: \.isLoading) {} }
        if valueVersion != lastValueVersion { registrar.withMutation(of: self, keyPath: \.value) {} }
        if hasSucceeded != lastHasSucceeded { registrar.withMutation(of: self, keyPath: \.hasSucceeded) {} }
        if errorVersion != lastErrorVersion || (kind == .failure) != (lastKind == .failure) {
            registrar.withMutation(of: self, keyPath: \.error) {}
        }
        (lastKind, lastValueVersion, lastHasSucceeded, lastErrorVersion) = (
            kind, valueVersion, hasSucceeded, errorVersion
        )
    }
}

nonisolated extension CogStatus {
    /// The fields a status boundary diffs, with the value erased.
    var fingerprint: (CogStatusKind, UInt64, Bool, UInt64) {
        (storedKind, valueVersion, storedHasSucceeded, errorVersion)
    }
}
