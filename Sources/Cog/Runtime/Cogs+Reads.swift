/// Every read path, in one place. Which one a read takes:
///
/// | read | where | path |
/// | --- | --- | --- |
/// | `c[cog]` in a selector or reaction: tracked | `CogReader` subscript | `Cogs.read(_:subscriber:runtimeSerial:reader:)`, then by reference type: a keyless declaration `readKeyless` (the run's remembered read, else the cached family's `readLiveKeyless`, else `readKeylessUncached`); a box row `readReference` (the cached family's `readKeyed`, else `readReferenceUncached`); anything else the instance `read(_:subscriber:)` |
/// | `c.peek(cog)` in a selector: untracked, settled | `CogReader.peek` | the same, with no subscriber, so nothing is linked |
/// | `cogs[cog]` at the UI edge: settled, records an Observation access on the state's boundary (created on first read) | the subscript below | `uiRead`: `locateCached` and `Graph.recordAccess`, else `locate`, `Graph.prepareRead` and the access |
/// | `cogs.peek(cog)` once, outside any run: settled, transient demand | `peek` below | `peekKeyless`, else `locate` and `Family.peek` |
/// | `w[cog]` in a turn's body: the staged value, else the published one | `CogWriter` subscript | `Family.writerValue` |
/// | the instance `read(_:subscriber:)` from the paths above | | `readKeyless` or `Family.read(row:node:subscriber:)` through `family(for:)` |
///
/// Every read finds the family through the descriptor's one-entry cache
/// and works on it through `_withUnsafeGuaranteedRef`: the runtime's
/// family table owns the family, and nothing in a read releases one, so
/// a read retains nothing. A keyless declaration (`Cog`, `Cog.Manual`, or
/// a reference without a key) takes the keyless path: no key is built,
/// copied or looked up, and the node comes from the family itself. The
/// type tests fold away where the read is specialized.
///
/// They compare metatypes (`Reference.self == Cog<Reference.Value>.self`),
/// which fold to a constant where the read is specialized, and reach the
/// descriptor through an `unsafeBitCast` that is then an identity: no
/// optional or copy of the descriptor is formed, so it is not retained.
extension Cogs {
    /// A settled read from a selector run of a runtime numbered
    /// `runtimeSerial` (whose family is `reader`); links `subscriber` unless
    /// it is nil.
    @inlinable @inline(__always)
    static func read<Reference: CogReadable, ReaderValue>(
        _ reference: Reference, subscriber: Subscriber?, runtimeSerial: UInt64, reader: Unmanaged<Family<ReaderValue>>
    ) -> Reference.Value {
        if Reference.self == Cog<Reference.Value>.self {
            return readKeyless(
                unsafeBitCast(reference, to: Cog<Reference.Value>.self).descriptor,
                subscriber: subscriber, runtimeSerial: runtimeSerial, reader: reader)
        }
        if Reference.self == Cog<Reference.Value>.Manual.self {
            return readKeyless(
                unsafeBitCast(reference, to: Cog<Reference.Value>.Manual.self).descriptor,
                subscriber: subscriber, runtimeSerial: runtimeSerial, reader: reader)
        }
        if Reference.self == CogReference<Reference.Value>.self {
            return readReference(
                unsafeBitCast(reference, to: CogReference<Reference.Value>.self),
                subscriber: subscriber, runtimeSerial: runtimeSerial, reader: reader)
        }
        if Reference.self == ManualCogReference<Reference.Value>.self {
            // Through the wrapper's field. A cast straight to the wrapped
            // reference (the same layout) was tried: it turned each read's
            // retain into one `swift_retain_n` of 2, the same retain and
            // release calls in PERF-02's turn (13 and 17) for 232 more
            // instructions a turn, and 90 k more over the default session.
            return readReference(
                unsafeBitCast(reference, to: ManualCogReference<Reference.Value>.self).reference,
                subscriber: subscriber, runtimeSerial: runtimeSerial, reader: reader)
        }
        return reader.takeUnretainedValue().cogs.read(reference, subscriber: subscriber)
    }

    /// A read of a box's row (`c[box[key]]`) whose family the descriptor's
    /// cache names: the row is found and read on the family in place, so
    /// neither the reference nor the family is copied (each copy was a
    /// retain and a release, and the row index's copy two more).
    @inlinable @inline(__always)
    static func readReference<Value, ReaderValue>(
        _ reference: CogReference<Value>, subscriber: Subscriber?, runtimeSerial: UInt64,
        reader: Unmanaged<Family<ReaderValue>>
    ) -> Value {
        let descriptor = reference.descriptor
        let cache = descriptor.cache
        if _fastPath(cache.runtimeSerial == runtimeSerial && descriptor.isKeyed), let key = reference.key {
            return cache.family.unsafelyUnwrapped.withGuaranteed { $0.readKeyed(key, subscriber: subscriber) }
        }
        return readReferenceUncached(
            reference, sub: subscriber?.node ?? Graph.none, stamp: subscriber?.stamp ?? 0, reader: reader)
    }

    /// `readReference` when the descriptor's cache names no family of this
    /// runtime (or the reference names no key): one call that returns the
    /// read's value, as `readKeylessUncached`.
    @inlinable @inline(never)
    static func readReferenceUncached<Value, ReaderValue>(
        _ reference: CogReference<Value>, sub: Int32, stamp: UInt32, reader: Unmanaged<Family<ReaderValue>>
    ) -> Value {
        let subscriber = sub == Graph.none ? nil : Subscriber(node: sub, stamp: stamp)
        return reader.takeUnretainedValue().cogs.read(reference, subscriber: subscriber)
    }

    @inlinable @inline(__always)
    static func readKeyless<Value, ReaderValue>(
        _ descriptor: CogDescriptor<Value>, subscriber: Subscriber?, runtimeSerial: UInt64,
        reader: Unmanaged<Family<ReaderValue>>
    ) -> Value {
        // Read again by the run that read it twice in a row: linked to this
        // run and current. (A read with no subscriber is a peek.)
        if subscriber != nil, Graph.lastTrackedRead == descriptor.identityBits {
            return descriptor.cache.family.unsafelyUnwrapped.withGuaranteed { $0.currentKeylessValue }
        }
        let cache = descriptor.cache
        if _fastPath(cache.runtimeSerial == runtimeSerial) {
            return cache.family.unsafelyUnwrapped.withGuaranteed { $0.readLiveKeyless(subscriber: subscriber) }
        }
        return readKeylessUncached(
            descriptor, sub: subscriber?.node ?? Graph.none, stamp: subscriber?.stamp ?? 0, reader: reader)
    }

    /// `readKeyless` when the descriptor's cache names no live family of
    /// this runtime: one call that returns the read's value. It links `sub`
    /// in its run stamped `stamp` unless `sub` is `Graph.none` (two
    /// arguments: a `Subscriber?` is packed into one register, on every
    /// read, before the cache is even checked).
    @inlinable @inline(never)
    static func readKeylessUncached<Value, ReaderValue>(
        _ descriptor: CogDescriptor<Value>, sub: Int32, stamp: UInt32, reader: Unmanaged<Family<ReaderValue>>
    ) -> Value {
        let subscriber = sub == Graph.none ? nil : Subscriber(node: sub, stamp: stamp)
        return reader.takeUnretainedValue().cogs.readKeyless(descriptor, subscriber: subscriber)
    }

    /// A settled read; links `subscriber` to the state unless it is nil.
    @inlinable
    func read<Reference: CogReadable>(_ reference: Reference, subscriber: Subscriber?) -> Reference.Value {
        if Reference.self == Cog<Reference.Value>.self {
            return readKeyless(
                unsafeBitCast(reference, to: Cog<Reference.Value>.self).descriptor, subscriber: subscriber)
        }
        if Reference.self == Cog<Reference.Value>.Manual.self {
            return readKeyless(
                unsafeBitCast(reference, to: Cog<Reference.Value>.Manual.self).descriptor, subscriber: subscriber)
        }
        let reference = reference.cogReference
        if !reference.descriptor.isKeyed { return readKeyless(reference.descriptor, subscriber: subscriber) }
        let family = family(for: reference.descriptor)
        let row = family.row(for: reference.key)
        return family.read(row: row, node: family.node(ofRow: row), subscriber: subscriber)
    }

    @inlinable @inline(__always)
    func readKeyless<Value>(_ descriptor: CogDescriptor<Value>, subscriber: Subscriber?) -> Value {
        let cache = descriptor.cache
        if _fastPath(cache.runtimeSerial == serial) {
            return cache.family.unsafelyUnwrapped.withGuaranteed { $0.readLiveKeyless(subscriber: subscriber) }
        }
        return lookUpFamily(for: descriptor).readKeyless(subscriber: subscriber)
    }

    @inlinable @inline(__always)
    func peekKeyless<Value>(_ descriptor: CogDescriptor<Value>) -> Value {
        let cache = descriptor.cache
        if _fastPath(cache.runtimeSerial == serial), let cached = cache.family {
            return cached.withGuaranteed { $0.peekKeyless(node: $0.keylessNode) }
        }
        let family = lookUpFamily(for: descriptor)
        return family.peekKeyless(node: family.keylessRowNode())
    }

    /// The family, row and node `reference` names, the row created on first use.
    @inlinable @inline(__always)
    func locate<Value>(_ reference: CogReference<Value>) -> (family: Family<Value>, row: Int32, node: Int32) {
        let family = family(for: reference.descriptor)
        if !reference.descriptor.isKeyed { return (family, 0, family.keylessRowNode()) }
        let row = family.row(for: reference.key)
        return (family, row, family.node(ofRow: row))
    }

    /// The UI-edge read: returns the settled value and records an
    /// Observation access on this state's boundary (created on first read),
    /// so the reading scope tracks exactly this state.
    @inlinable
    public subscript<Reference: CogReadable>(reference: Reference) -> Reference.Value {
        // A keyless declaration hands over its descriptor alone (the type
        // tests fold away where this is specialized): forming its
        // `cogReference` copied, so retained, the descriptor.
        if Reference.self == Cog<Reference.Value>.self {
            return uiRead(unsafeBitCast(reference, to: Cog<Reference.Value>.self).descriptor, key: nil)
        }
        if Reference.self == Cog<Reference.Value>.Manual.self {
            return uiRead(unsafeBitCast(reference, to: Cog<Reference.Value>.Manual.self).descriptor, key: nil)
        }
        let reference = reference.cogReference
        return uiRead(reference.descriptor, key: reference.key)
    }

    /// The UI-edge read of `descriptor`'s state of `key`.
    @inlinable @inline(__always)
    func uiRead<Value>(_ descriptor: CogDescriptor<Value>, key: CogKey?) -> Value {
        // The steady read (a current state whose family the descriptor's
        // cache names and whose row exists) reaches the family unretained:
        // the runtime's family table owns it, and recording the access
        // runs no selector or user code that could release it.
        if let (family, row, node) = locateCached(descriptor, key: key), graph.isCurrent(node) {
            graph.recordAccess(node)
            return family.withGuaranteed { $0.value(ofRow: row).unsafelyUnwrapped }  // current, so present
        }
        let (family, row, node) = locate(CogReference(descriptor: descriptor, key: key))
        graph.prepareRead(node)
        graph.recordAccess(node)
        return family.value(ofRow: row)!
    }

    /// The family, row and node of `descriptor`'s state of `key` when the
    /// descriptor's cache names this runtime's family and the row exists;
    /// nil when `locate` has work to do (a lookup, a new row).
    @inlinable @inline(__always)
    func locateCached<Value>(
        _ descriptor: CogDescriptor<Value>, key: CogKey?
    ) -> (family: Unmanaged<Family<Value>>, row: Int32, node: Int32)? {
        guard let (family, row) = cachedRow(descriptor, key: key), row != Graph.none else { return nil }
        return (family, row, family.withGuaranteed { descriptor.isKeyed ? $0.rowNodes[Int(row)] : $0.keylessNode })
    }

    /// The family the descriptor's cache names for this runtime and the row
    /// of `key` in it, `Graph.none` when that keyed row does not exist yet
    /// (so a caller creates it with no second lookup); nil on a cache miss.
    @inlinable @inline(__always)
    func cachedRow<Value>(
        _ descriptor: CogDescriptor<Value>, key: CogKey?
    ) -> (family: Unmanaged<Family<Value>>, row: Int32)? {
        let cache = descriptor.cache
        guard cache.runtimeSerial == serial, let family = cache.family else { return nil }
        if !descriptor.isKeyed { return (family, 0) }
        guard let key else { return nil }
        return (family, family.withGuaranteed { $0.keyedRows.existingRow(for: key) } ?? Graph.none)
    }

    /// A one-time read: settles the state if needed and returns its value,
    /// with no dependency, subscription or Observation boundary.
    /// A peek is transient demand: on whileObserved state nobody observes,
    /// it starts (or renews) one grace window.
    @inlinable
    public func peek<Reference: CogReadable>(_ reference: Reference) -> Reference.Value {
        if Reference.self == Cog<Reference.Value>.self {
            return peekKeyless(unsafeBitCast(reference, to: Cog<Reference.Value>.self).descriptor)
        }
        if Reference.self == Cog<Reference.Value>.Manual.self {
            return peekKeyless(unsafeBitCast(reference, to: Cog<Reference.Value>.Manual.self).descriptor)
        }
        let (family, row, node) = locate(reference.cogReference)
        return family.peek(row: row, node: node)
    }
}
