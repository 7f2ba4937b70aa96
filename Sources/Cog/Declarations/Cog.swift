/// A keyless automatic value: a cached synchronous selector over other cogs.
///
///     let adviceCog = Cog<String> { c in
///         c[temperatureCog] > 80 ? "Stay inside" : "Go outside"
///     }
///
/// Declaring runs nothing; the selector first runs when the value is first
/// read, and again only when something it read really changed.
///
/// Eager-move, with its `Manual` form, as `CogReference`.
@_eagerMove
public nonisolated struct Cog<Value>: CogReadable, Sendable {
    @usableFromInline let descriptor: CogDescriptor<Value>

    /// An automatic value whose changes are decided by `equals:`; without
    /// one, every recompute counts as a change.
    @inlinable
    public init(
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<Value>) -> Value
    ) {
        descriptor = CogDescriptor(
            name: name, fileID: fileID, line: line, equals: equals,
            isKeyed: false, grace: lifetime.grace,
            production: .automatic(selector)
        )
    }

    @inlinable public var cogReference: CogReference<Value> {
        CogReference(descriptor: descriptor, key: nil)
    }

    /// A keyless source. Its starting-value closure runs once per state (once
    /// per runtime), so a reference-type value is never shared.
    @_eagerMove
    public struct Manual: CogWritable, Sendable {
        @usableFromInline let descriptor: CogDescriptor<Value>

        @inlinable

        public init(
            name: String? = nil,
            equals: (@MainActor (Value, Value) -> Bool)? = nil,
            lifetime: ManualCogLifetime = .app,
            fileID: String = #fileID,
            line: Int = #line,
            _ initial: @escaping @MainActor () -> Value
        ) {
            descriptor = CogDescriptor(
                name: name, fileID: fileID, line: line, equals: equals,
                isKeyed: false,
                releasableSource: lifetime.resetsToInitial, grace: lifetime.grace,
                production: .manual { _ in initial() }
            )
        }

        @inlinable public var cogReference: CogReference<Value> {
            CogReference(descriptor: descriptor, key: nil)
        }

        @inlinable public var manualCogReference: ManualCogReference<Value> {
            ManualCogReference(reference: cogReference)
        }

        /// The same state, readable but not writable; it shares the source's
        /// identity rather than mirroring it.
        @inlinable public var readOnly: CogReference<Value> { cogReference }
    }
}

nonisolated extension Cog where Value: Equatable {
    /// An automatic value that stops propagation when it recomputes to an
    /// equal value (`==` unless `equals:` says otherwise).
    @inlinable
    public init(
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<Value>) -> Value
    ) {
        descriptor = CogDescriptor(
            name: name, fileID: fileID, line: line, equals: equals ?? structuralEquality,
            isKeyed: false, grace: lifetime.grace,
            production: .automatic(selector),
            kernels: equals == nil ? Family<Value>.equatableKernels(keyed: false) : nil
        )
    }
}

nonisolated extension Cog.Manual where Value: Equatable {
    /// A source whose equal writes are dropped (`==` unless `equals:` says otherwise).
    @inlinable
    public init(
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: ManualCogLifetime = .app,
        fileID: String = #fileID,
        line: Int = #line,
        _ initial: @escaping @MainActor () -> Value
    ) {
        descriptor = CogDescriptor(
            name: name, fileID: fileID, line: line, equals: equals ?? structuralEquality,
            isKeyed: false,
            releasableSource: lifetime.resetsToInitial, grace: lifetime.grace,
            production: .manual { _ in initial() },
            kernels: equals == nil ? Family<Value>.equatableKernels(keyed: false) : nil
        )
    }
}
