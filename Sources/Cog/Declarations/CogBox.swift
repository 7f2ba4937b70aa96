/// A keyed family of automatic values: one declaration, one independent
/// state per key.
///
///     let isSunnyCogs = CogBox<Bool, ZipCode> { c, zip in
///         c[weatherReportCogs[zip]]?.kind == .clear
///     }
///
/// One key's write, read or notice never touches another key.
///
/// Eager-move, with its `Manual` and `ReadOnly` forms, as `CogReference`:
/// a box declared at file scope is loaded for each `box[key]`, and that
/// load's descriptor copy no longer lives across the read's call.
@_eagerMove
public nonisolated struct CogBox<Value, Key: Hashable & Sendable>: Sendable {
    @usableFromInline let descriptor: CogDescriptor<Value>

    @inlinable

    public init(
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<Value>, Key) -> Value
    ) {
        descriptor = CogDescriptor(
            name: name, fileID: fileID, line: line, equals: equals,
            isKeyed: true, grace: lifetime.grace,
            production: Self.production(selector)
        )
    }

    /// The value reference of `key`'s state. Builds a small value and
    /// allocates nothing.
    @inlinable public subscript(key: Key) -> CogReference<Value> {
        CogReference(descriptor: descriptor, key: CogKey(key))
    }

    @inlinable
    static func unwrap(_ key: CogKey?) -> Key {
        key!.unwrap(as: Key.self)
    }

    /// A box's automatic production: the selector gets its row's key back
    /// from the reader. (The key is read before the reader is lent `inout`.)
    @inlinable
    static func production(
        _ selector: @escaping @MainActor (inout CogReader<Value>, Key) -> Value
    ) -> CogDescriptor<Value>.Production {
        .automatic { reader in
            let key = unwrap(reader.key)
            return selector(&reader, key)
        }
    }

    /// A keyed family of sources.
    @_eagerMove
    public struct Manual: Sendable {
        @usableFromInline let descriptor: CogDescriptor<Value>

        /// Every key starts at what `initial` returns; it runs once per key.
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
                isKeyed: true,
                releasableSource: lifetime.resetsToInitial, grace: lifetime.grace,
                production: .manual { _ in initial() }
            )
        }

        /// Each key starts at what `initial` returns for that key.
        @inlinable
        public init(
            name: String? = nil,
            equals: (@MainActor (Value, Value) -> Bool)? = nil,
            lifetime: ManualCogLifetime = .app,
            fileID: String = #fileID,
            line: Int = #line,
            _ initial: @escaping @MainActor (Key) -> Value
        ) {
            descriptor = CogDescriptor(
                name: name, fileID: fileID, line: line, equals: equals,
                isKeyed: true,
                releasableSource: lifetime.resetsToInitial, grace: lifetime.grace,
                production: .manual { key in initial(CogBox.unwrap(key)) }
            )
        }

        /// The writable value reference of `key`'s source.
        @inlinable public subscript(key: Key) -> ManualCogReference<Value> {
            ManualCogReference(reference: CogReference(descriptor: descriptor, key: CogKey(key)))
        }

        /// The same family, readable but not writable.
        @inlinable public var readOnly: ReadOnly { ReadOnly(descriptor: descriptor) }
    }

    /// A read-only projection of a manual box: same states, no writer.
    @_eagerMove
    public struct ReadOnly: Sendable {
        @usableFromInline let descriptor: CogDescriptor<Value>

        @inlinable
        init(descriptor: CogDescriptor<Value>) {
            self.descriptor = descriptor
        }

        @inlinable public subscript(key: Key) -> CogReference<Value> {
            CogReference(descriptor: descriptor, key: CogKey(key))
        }
    }
}

nonisolated extension CogBox where Value: Equatable {
    @inlinable
    public init(
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<Value>, Key) -> Value
    ) {
        descriptor = CogDescriptor(
            name: name, fileID: fileID, line: line, equals: equals ?? structuralEquality,
            isKeyed: true, grace: lifetime.grace,
            production: Self.production(selector),
            kernels: equals == nil ? Family<Value>.equatableKernels(keyed: true) : nil
        )
    }
}

nonisolated extension CogBox.Manual where Value: Equatable {
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
            isKeyed: true,
            releasableSource: lifetime.resetsToInitial, grace: lifetime.grace,
            production: .manual { _ in initial() },
            kernels: equals == nil ? Family<Value>.equatableKernels(keyed: true) : nil
        )
    }

    @inlinable

    public init(
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: ManualCogLifetime = .app,
        fileID: String = #fileID,
        line: Int = #line,
        _ initial: @escaping @MainActor (Key) -> Value
    ) {
        descriptor = CogDescriptor(
            name: name, fileID: fileID, line: line, equals: equals ?? structuralEquality,
            isKeyed: true,
            releasableSource: lifetime.resetsToInitial, grace: lifetime.grace,
            production: .manual { key in initial(CogBox.unwrap(key)) },
            kernels: equals == nil ? Family<Value>.equatableKernels(keyed: true) : nil
        )
    }
}
