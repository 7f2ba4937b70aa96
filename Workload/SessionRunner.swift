import Observation
import Synchronization

/// Runs one port's headless views the way SwiftUI runs view bodies: each
/// view renders inside `withObservationTracking`; a change to anything it
/// read marks it invalidated; after each action or delivery settles, every
/// invalidated view renders once and is re-armed. The grid mounts one card
/// per listed product; a card that leaves the grid is unmounted, and a late
/// change notice for it is ignored.
///
/// The layer's own bookkeeping is in the timed region of every port alike,
/// so it is kept to a few small arrays: the fixed views' screens by
/// position, the mounted cards' screens beside their ids (a page of them),
/// marks as a bit per fixed view and a short list of card ids, and
/// mounting compares the two pages' ids directly. Nothing is hashed and
/// nothing grows with the catalog; what remains per render is the port's
/// `render` and Observation's tracking.
@MainActor
public final class SessionRunner<Port: StorefrontPort> {
    public let service: StorefrontService
    public let port: Port
    public private(set) var renderCount = 0
    /// What each fixed view last showed, in `ViewID.fixed` order.
    private var fixedScreens: [Screen?]
    /// The cards mounted, in the grid's order, and what each last showed.
    private var mountedCards: [Int] = []
    private var cardScreens: [Screen] = []
    /// Storage reused by each remount: the next page's screens, and per
    /// listed card whether this refresh mounted (and so rendered) it.
    private var nextCardScreens: [Screen] = []
    private var mountedNow: [Bool] = []
    private let invalidated = InvalidationSet()
    /// The marks being processed; swapped with the set's on each refresh.
    private var draining = InvalidationSet.Marks()

    public convenience init(catalog: Catalog, fault: Fault? = nil) {
        self.init(catalog: catalog) { service in Port(service: service, fault: fault) }
    }

    /// A session whose port `makePort` builds, for tests that configure a
    /// port beyond the protocol's initializer.
    public init(catalog: Catalog, makePort: (StorefrontService) -> Port) {
        service = StorefrontService(catalog: catalog)
        port = makePort(service)
        fixedScreens = Array(repeating: nil, count: ViewID.fixed.count)
        for (position, view) in ViewID.fixed.enumerated() { fixedScreens[position] = render(view, fixed: position) }
        remount()
    }

    /// Mounted views in render order: fixed views, cards after the grid.
    public var mounted: [ViewID] { ViewID.mounted(gridIDs: mountedCards) }

    /// What each mounted view last showed.
    public var shown: [ViewID: Screen] {
        var shown: [ViewID: Screen] = [:]
        for (position, view) in ViewID.fixed.enumerated() { shown[view] = fixedScreens[position] }
        for (id, screen) in zip(mountedCards, cardScreens) { shown[.card(productID: id)] = screen }
        return shown
    }

    /// Applies one action, waits until the port has sent every request the
    /// action makes (`expectedIssued` in all), then re-renders what changed.
    /// With `patience` (the gate's runs) a request that never comes stops
    /// the wait instead of hanging it.
    public func perform(_ action: UserAction, expectedIssued: Int, patience: StorefrontService.Patience? = nil) async {
        port.perform(action)
        await service.waitUntilIssued(expectedIssued, patience: patience)
        refresh()
    }

    /// Delivers one pending response, re-renders what changed, and returns
    /// the port's outcome (nil when, given `patience`, it never answered).
    @discardableResult
    public func deliver(_ sequence: Int, patience: StorefrontService.Patience? = nil) async -> StorefrontService
        .Outcome?
    {
        let outcome = await service.deliver(sequence, patience: patience)
        refresh()
        return outcome
    }

    /// Renders `view` without tracking, as a freshly created view would.
    public func renderFresh(_ view: ViewID) -> Screen {
        port.render(view)
    }

    /// Renders every marked view once: the grid first (it decides which
    /// cards are mounted, and a card mounted by this refresh has just
    /// rendered), then the others in render order.
    private func refresh() {
        guard invalidated.swapMarks(with: &draining) else { return }
        defer { draining.clear() }
        mountedNow.removeAll(keepingCapacity: true)
        if draining.isMarked(fixed: ViewSlot.grid) {
            fixedScreens[ViewSlot.grid] = render(.grid, fixed: ViewSlot.grid)
            remount()
        }
        for (position, view) in ViewID.fixed.enumerated() where position != ViewSlot.grid {
            if view == .facets { renderMarkedCards() }
            if draining.isMarked(fixed: position) { fixedScreens[position] = render(view, fixed: position) }
        }
    }

    private func renderMarkedCards() {
        guard draining.hasMarkedCards else { return }
        for (position, id) in mountedCards.enumerated() where draining.isMarked(card: id) {
            if !mountedNow.isEmpty && mountedNow[position] { continue }
            cardScreens[position] = render(.card(productID: id))
        }
    }

    /// Mounts a card for every product the grid lists and unmounts the
    /// rest; records in `mountedNow`, per listed card, whether it was
    /// mounted (and so rendered) now.
    private func remount() {
        let listed = fixedScreens[ViewSlot.grid]?.gridIDs ?? []
        nextCardScreens.removeAll(keepingCapacity: true)
        mountedNow.removeAll(keepingCapacity: true)
        for id in listed {
            // A page holds a few dozen cards: a scan beats hashing.
            if let kept = mountedCards.firstIndex(of: id) {
                nextCardScreens.append(cardScreens[kept])
                mountedNow.append(false)
            } else {
                nextCardScreens.append(render(.card(productID: id)))
                mountedNow.append(true)
            }
        }
        mountedCards = listed
        swap(&cardScreens, &nextCardScreens)
        nextCardScreens.removeAll(keepingCapacity: true)
    }

    private func render(_ view: ViewID, fixed position: Int) -> Screen {
        let set = invalidated
        return track(view) { set.mark(fixed: position) }
    }

    private func render(_ card: ViewID) -> Screen {
        guard case .card(let id) = card else { preconditionFailure("\(card) is not a card") }
        let set = invalidated
        return track(card) { set.mark(card: id) }
    }

    private func track(_ view: ViewID, onChange: @escaping @Sendable () -> Void) -> Screen {
        renderCount += 1
        return withObservationTracking({ port.render(view) }, onChange: onChange)
    }
}

/// Where the grid sits in `ViewID.fixed`, whose order is render order.
enum ViewSlot {
    static let grid = ViewID.fixed.firstIndex(of: .grid)!
}

/// Views marked by Observation's change callbacks, which are `@Sendable`
/// and may in principle run on any thread.
final class InvalidationSet: Sendable {
    /// A bit per fixed view, and the cards marked (each once).
    struct Marks: Sendable {
        private var fixed: UInt32 = 0
        private var cards: [Int] = []

        init() { cards.reserveCapacity(32) }

        var isEmpty: Bool { fixed == 0 && cards.isEmpty }
        var hasMarkedCards: Bool { !cards.isEmpty }

        func isMarked(fixed position: Int) -> Bool { fixed & (1 << position) != 0 }

        /// Cards marked between two refreshes are a handful: a scan.
        func isMarked(card id: Int) -> Bool { cards.contains(id) }

        mutating func mark(fixed position: Int) { fixed |= 1 << position }

        mutating func mark(card id: Int) {
            if !cards.contains(id) { cards.append(id) }
        }

        mutating func clear() {
            fixed = 0
            cards.removeAll(keepingCapacity: true)
        }
    }

    private let marks = Mutex(Marks())

    func mark(fixed position: Int) {
        marks.withLock { $0.mark(fixed: position) }
    }

    func mark(card id: Int) {
        marks.withLock { $0.mark(card: id) }
    }

    /// Hands the marks made so far to `drained` (which must be clear) and
    /// takes its cleared storage in exchange; returns whether any view was
    /// marked.
    func swapMarks(with drained: inout Marks) -> Bool {
        marks.withLock { marks in
            guard !marks.isEmpty else { return false }
            swap(&marks, &drained)
            return true
        }
    }
}
