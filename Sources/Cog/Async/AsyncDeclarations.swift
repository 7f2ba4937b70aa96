/// Something whose async lifecycle the status lens can read: `Cog.Async`
/// and a `CogBox.Async`'s `box[key]`. Synchronous declarations do not
/// conform, so asking them for status does not compile.
public nonisolated protocol CogStatusReadable<Value> {
    associatedtype Value
    var cogStatusReference: CogReference<CogStatus<Value>> { get }
}

/// One async state's two faces: its value (a total read that changes only
/// with an accepted success) and its status.
public nonisolated struct CogAsyncReference<Value>: CogReadable, CogStatusReadable, Sendable {
    @usableFromInline let value: CogReference<Value>
    @usableFromInline let status: CogReference<CogStatus<Value>>

    @inlinable
    init(value: CogReference<Value>, status: CogReference<CogStatus<Value>>) {
        self.value = value
        self.status = status
    }

    @inlinable public var cogReference: CogReference<Value> { value }
    @inlinable public var cogStatusReference: CogReference<CogStatus<Value>> { status }
}

/// Builds an async declaration's two descriptors: the status node, whose
/// selector is the user's tracked selector and whose runs start work, and
/// the value projection that reads `status.value` with the value's equality,
/// so an equal success leaves value consumers quiet.
@usableFromInline
nonisolated enum AsyncDeclaration {
    @inlinable
    static func descriptors<Value>(
        name: String?,
        fileID: String,
        line: Int,
        isKeyed: Bool,
        policy: AsyncPolicy,
        lifetime: AutomaticCogLifetime,
        equals: (@MainActor (Value, Value) -> Bool)?,
        makeDefault: @escaping @MainActor () -> Value,
        selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>, CogKey?) -> AsyncJob<Value>
    ) -> (status: CogDescriptor<CogStatus<Value>>, value: CogDescriptor<Value>) {
        let status = CogDescriptor<CogStatus<Value>>(
            name: name, fileID: fileID, line: line, equals: nil,
            isKeyed: isKeyed, isEager: true, grace: lifetime.grace, isAsync: true,
            production: .automatic { reader in
                let key = reader.key
                let job = selector(&reader, key)
                return reader.cogs.asyncSelectorRan(
                    reader: reader, job: job, policy: policy, equals: equals, makeDefault: makeDefault
                )
            }
        )
        let value = CogDescriptor<Value>(
            name: name, fileID: fileID, line: line, equals: equals,
            isKeyed: isKeyed, grace: lifetime.grace, isAsync: true,
            production: .automatic { reader in
                reader[CogReference(descriptor: status, key: reader.key)].storedValue
            }
        )
        return (status, value)
    }
}

nonisolated extension Cog {
    /// A keyless async value: a tracked synchronous selector that describes
    /// async work. Reads return the latest accepted success or `default:`;
    /// the lifecycle is read through the status lens.
    ///
    ///     let forecastCog = Cog<Forecast?>.Async(default: nil) { c in
    ///         let service = c[forecastServiceCog]
    ///         return .run { try await service.forecast() }
    ///     }
    public struct Async: CogReadable, CogStatusReadable, Sendable {
        @usableFromInline let statusDescriptor: CogDescriptor<CogStatus<Value>>
        @usableFromInline let valueDescriptor: CogDescriptor<Value>

        @inlinable
        init(_ pair: (status: CogDescriptor<CogStatus<Value>>, value: CogDescriptor<Value>)) {
            statusDescriptor = pair.status
            valueDescriptor = pair.value
        }

        /// `.run` or `.stream` work under `.latest` (the default and the only
        /// policy a stream may use). Every change is a change: without
        /// equality, even an equal success reaches value consumers.
        @inlinable
        public init(
            _ policy: CogLatestPolicy = .latest,
            name: String? = nil,
            equals: (@MainActor (Value, Value) -> Bool)? = nil,
            lifetime: AutomaticCogLifetime = .whileObserved(),
            default makeDefault: @autoclosure @escaping @MainActor () -> Value,
            fileID: String = #fileID,
            line: Int = #line,
            _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>) -> CogWork<Value>
        ) {
            self.init(
                AsyncDeclaration.descriptors(
                    name: name, fileID: fileID, line: line, isKeyed: false, policy: .latest, lifetime: lifetime,
                    equals: equals, makeDefault: makeDefault, selector: { reader, _ in selector(&reader).job }
                )
            )
        }

        /// One-shot work under `.queue`, `.exhaustLatest` or `.merged`.
        @inlinable
        public init(
            _ policy: CogOrderedPolicy,
            name: String? = nil,
            equals: (@MainActor (Value, Value) -> Bool)? = nil,
            lifetime: AutomaticCogLifetime = .whileObserved(),
            default makeDefault: @autoclosure @escaping @MainActor () -> Value,
            fileID: String = #fileID,
            line: Int = #line,
            _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>) -> CogRunWork<Value>
        ) {
            self.init(
                AsyncDeclaration.descriptors(
                    name: name, fileID: fileID, line: line, isKeyed: false, policy: policy.policy, lifetime: lifetime,
                    equals: equals, makeDefault: makeDefault, selector: { reader, _ in .run(selector(&reader).body) }
                )
            )
        }

        @inlinable public var cogReference: CogReference<Value> {
            CogReference(descriptor: valueDescriptor, key: nil)
        }

        @inlinable public var cogStatusReference: CogReference<CogStatus<Value>> {
            CogReference(descriptor: statusDescriptor, key: nil)
        }
    }
}

nonisolated extension Cog.Async where Value: Equatable {
    /// `.run` or `.stream` work under `.latest`; an equal success (or an
    /// equal stream element) leaves value consumers quiet.
    @inlinable
    public init(
        _ policy: CogLatestPolicy = .latest,
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        default makeDefault: @autoclosure @escaping @MainActor () -> Value,
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>) -> CogWork<Value>
    ) {
        self.init(
            AsyncDeclaration.descriptors(
                name: name, fileID: fileID, line: line, isKeyed: false, policy: .latest, lifetime: lifetime,
                equals: equals ?? structuralEquality, makeDefault: makeDefault,
                selector: { reader, _ in selector(&reader).job }
            )
        )
    }

    /// One-shot work under an ordered policy, with `==` as equality.
    @inlinable
    public init(
        _ policy: CogOrderedPolicy,
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        default makeDefault: @autoclosure @escaping @MainActor () -> Value,
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>) -> CogRunWork<Value>
    ) {
        self.init(
            AsyncDeclaration.descriptors(
                name: name, fileID: fileID, line: line, isKeyed: false, policy: policy.policy, lifetime: lifetime,
                equals: equals ?? structuralEquality, makeDefault: makeDefault,
                selector: { reader, _ in .run(selector(&reader).body) }
            )
        )
    }
}

nonisolated extension CogBox {
    /// A keyed family of async values: one independent generation line,
    /// status and default per key.
    ///
    ///     let productDetailCogs = CogBox<ProductDetail?, ProductID>.Async(default: nil) { c, id in
    ///         let service = c[serviceCog]
    ///         return .run { try await service.productDetail(id) }
    ///     }
    public struct Async: Sendable {
        @usableFromInline let statusDescriptor: CogDescriptor<CogStatus<Value>>
        @usableFromInline let valueDescriptor: CogDescriptor<Value>

        @inlinable
        init(_ pair: (status: CogDescriptor<CogStatus<Value>>, value: CogDescriptor<Value>)) {
            statusDescriptor = pair.status
            valueDescriptor = pair.value
        }

        @inlinable
        public init(
            _ policy: CogLatestPolicy = .latest,
            name: String? = nil,
            equals: (@MainActor (Value, Value) -> Bool)? = nil,
            lifetime: AutomaticCogLifetime = .whileObserved(),
            default makeDefault: @autoclosure @escaping @MainActor () -> Value,
            fileID: String = #fileID,
            line: Int = #line,
            _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>, Key) -> CogWork<Value>
        ) {
            self.init(
                AsyncDeclaration.descriptors(
                    name: name, fileID: fileID, line: line, isKeyed: true, policy: .latest, lifetime: lifetime,
                    equals: equals, makeDefault: makeDefault,
                    selector: { reader, key in selector(&reader, CogBox.unwrap(key)).job }
                )
            )
        }

        @inlinable
        public init(
            _ policy: CogOrderedPolicy,
            name: String? = nil,
            equals: (@MainActor (Value, Value) -> Bool)? = nil,
            lifetime: AutomaticCogLifetime = .whileObserved(),
            default makeDefault: @autoclosure @escaping @MainActor () -> Value,
            fileID: String = #fileID,
            line: Int = #line,
            _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>, Key) -> CogRunWork<Value>
        ) {
            self.init(
                AsyncDeclaration.descriptors(
                    name: name, fileID: fileID, line: line, isKeyed: true, policy: policy.policy, lifetime: lifetime,
                    equals: equals, makeDefault: makeDefault,
                    selector: { reader, key in .run(selector(&reader, CogBox.unwrap(key)).body) }
                )
            )
        }

        /// The value and status references of `key`'s state.
        @inlinable public subscript(key: Key) -> CogAsyncReference<Value> {
            let key = CogKey(key)
            return CogAsyncReference(
                value: CogReference(descriptor: valueDescriptor, key: key),
                status: CogReference(descriptor: statusDescriptor, key: key)
            )
        }
    }
}

nonisolated extension CogBox.Async where Value: Equatable {
    @inlinable
    public init(
        _ policy: CogLatestPolicy = .latest,
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        default makeDefault: @autoclosure @escaping @MainActor () -> Value,
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>, Key) -> CogWork<Value>
    ) {
        self.init(
            AsyncDeclaration.descriptors(
                name: name, fileID: fileID, line: line, isKeyed: true, policy: .latest, lifetime: lifetime,
                equals: equals ?? structuralEquality, makeDefault: makeDefault,
                selector: { reader, key in selector(&reader, CogBox.unwrap(key)).job }
            )
        )
    }

    @inlinable
    public init(
        _ policy: CogOrderedPolicy,
        name: String? = nil,
        equals: (@MainActor (Value, Value) -> Bool)? = nil,
        lifetime: AutomaticCogLifetime = .whileObserved(),
        default makeDefault: @autoclosure @escaping @MainActor () -> Value,
        fileID: String = #fileID,
        line: Int = #line,
        _ selector: @escaping @MainActor (inout CogReader<CogStatus<Value>>, Key) -> CogRunWork<Value>
    ) {
        self.init(
            AsyncDeclaration.descriptors(
                name: name, fileID: fileID, line: line, isKeyed: true, policy: policy.policy, lifetime: lifetime,
                equals: equals ?? structuralEquality, makeDefault: makeDefault,
                selector: { reader, key in .run(selector(&reader, CogBox.unwrap(key)).body) }
            )
        )
    }
}
