/// Decides whether a map's new projection is worth delivering.
public protocol GraphTrackingFilter<Value> {
    associatedtype Value
    /// Called once per pass with the new projection; true delivers it.
    mutating func send(_ value: Value) -> Bool
}

/// Delivers every projection.
public struct PassthroughGraphTrackingFilter<Value>: GraphTrackingFilter {
    public init() {}

    public mutating func send(_ value: Value) -> Bool {
        true
    }
}

/// Delivers a projection only when it differs from the last one delivered.
/// This is the only place the tracking API hides an unchanged value.
public struct DistinctGraphTrackingFilter<Value: Equatable>: GraphTrackingFilter {
    private var last: Value?

    public init() {}

    public mutating func send(_ value: Value) -> Bool {
        if let last, last == value { return false }
        last = value
        return true
    }
}

/// A filter's mutable state, reached only while the map's handler lock is held.
private final class FilterBox<Filter: GraphTrackingFilter>: @unchecked Sendable {
    var filter: Filter

    init(_ filter: Filter) {
        self.filter = filter
    }
}

/// Tracks the nodes `projection` reads and calls `onChange` with each new
/// projection that `filter` lets through, first synchronously, then after
/// every change (in a Task on `isolation`).
public func withGraphTrackingMap<Projection, Filter: GraphTrackingFilter<Projection>>(
    _ projection: @escaping () -> Projection,
    filter: Filter,
    onChange: @escaping (Projection) -> Void,
    isolation: isolated (any Actor)? = #isolation
) {
    let box = FilterBox(filter)
    let cancellable = GraphTrackingCancellable()
    attachToCurrentScope(cancellable)
    let handler = TrackingHandler {
        let value = projection()
        if box.filter.send(value) {
            onChange(value)
        }
    }
    runTrackingPass(handler, cancellable: cancellable, isolation: isolation)
}

/// Any projection: every pass delivers.
public func withGraphTrackingMap<Projection>(
    _ projection: @escaping () -> Projection,
    onChange: @escaping (Projection) -> Void,
    isolation: isolated (any Actor)? = #isolation
) {
    withGraphTrackingMap(projection, filter: PassthroughGraphTrackingFilter(), onChange: onChange, isolation: isolation)
}

/// Equatable projections: only a changed projection is delivered.
public func withGraphTrackingMap<Projection: Equatable>(
    _ projection: @escaping () -> Projection,
    onChange: @escaping (Projection) -> Void,
    isolation: isolated (any Actor)? = #isolation
) {
    withGraphTrackingMap(projection, filter: DistinctGraphTrackingFilter(), onChange: onChange, isolation: isolation)
}
