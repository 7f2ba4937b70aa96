import Observation

/// A port's headless views, run the way SwiftUI runs view bodies: each
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
/// mounting compares the two pages' ids directly. Nothing is hashed; the
/// one table indexed by product id holds each shown card's change target,
/// made the first time the card is shown and kept, so a render allocates
/// nothing of the layer's own. What remains per render is the port's
/// `render` and Observation's tracking.
///
/// Every access is on the main actor and none spans a call that could
/// reach the layer again (a port's `render` never sees it), so the stored
/// properties skip the runtime's exclusivity checks, as Cog's arena does.
@MainActor
final class ViewLayer<Port: SessionPort> {
    let port: Port
    @exclusivity(unchecked) private(set) var renderCount = 0
    /// What each fixed view last showed, in `ViewID.fixed` order.
    @exclusivity(unchecked) private var fixedScreens: [Screen?]
    /// The cards mounted, in the grid's order, and what each last showed.
    @exclusivity(unchecked) private var mountedCards: [Int] = []
    @exclusivity(unchecked) private var cardScreens: [Screen] = []
    /// Storage reused by each remount: the next page's screens, and per
    /// listed card whether this refresh mounted (and so rendered) it.
    @exclusivity(unchecked) private var nextCardScreens: [Screen] = []
    @exclusivity(unchecked) private var mountedNow: [Bool] = []
    private let invalidated = InvalidationSet()
    /// The marks being processed; swapped with the set's on each refresh.
    @exclusivity(unchecked) private var draining = InvalidationSet.Marks()
    /// Where each view's change notice lands: one target per fixed view,
    /// and per product id once its card has been shown.
    private let fixedTargets: [InvalidationSet.Target]
    @exclusivity(unchecked) private var cardTargets: [InvalidationSet.Target?] = []

    /// Mounts every view of a fresh session and renders it once.
    init(port: Port) {
        self.port = port
        fixedScreens = Array(repeating: nil, count: ViewID.fixed.count)
        let invalidated = invalidated
        fixedTargets = ViewID.fixed.indices.map { invalidated.target(fixed: $0) }
        for (position, view) in ViewID.fixed.enumerated() { fixedScreens[position] = render(view, fixed: position) }
        remount()
    }

    /// Mounted views in render order: fixed views, cards after the grid.
    var mounted: [ViewID] { ViewID.mounted(gridIDs: mountedCards) }

    /// What each mounted view last showed.
    var shown: [ViewID: Screen] {
        var shown: [ViewID: Screen] = [:]
        for (position, view) in ViewID.fixed.enumerated() { shown[view] = fixedScreens[position] }
        for (id, screen) in zip(mountedCards, cardScreens) { shown[.card(productID: id)] = screen }
        return shown
    }

    /// Renders every marked view once: the grid first (it decides which
    /// cards are mounted, and a card mounted by this refresh has just
    /// rendered), then the others in render order.
    func refresh() {
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
            cardScreens[position] = render(card: id)
        }
    }

    /// Mounts a card for every product the grid lists and unmounts the
    /// rest; records in `mountedNow`, per listed card, whether it was
    /// mounted (and so rendered) now.
    private func remount() {
        let listed = fixedScreens[ViewSlot.grid]?.gridIDs ?? []
        // A grid that re-rendered with the same page keeps every card.
        guard listed != mountedCards else { return }
        nextCardScreens.removeAll(keepingCapacity: true)
        mountedNow.removeAll(keepingCapacity: true)
        for id in listed {
            // A page holds a few dozen cards: a scan beats hashing.
            if let kept = mountedCards.firstIndex(of: id) {
                nextCardScreens.append(cardScreens[kept])
                mountedNow.append(false)
            } else {
                nextCardScreens.append(render(card: id))
                mountedNow.append(true)
            }
        }
        mountedCards = listed
        swap(&cardScreens, &nextCardScreens)
        nextCardScreens.removeAll(keepingCapacity: true)
    }

    private func render(_ view: ViewID, fixed position: Int) -> Screen {
        track(view, fixedTargets[position])
    }

    private func render(card id: Int) -> Screen {
        track(.card(productID: id), cardTarget(id))
    }

    private func cardTarget(_ id: Int) -> InvalidationSet.Target {
        if id >= cardTargets.count {
            cardTargets.append(contentsOf: repeatElement(nil, count: id + 1 - cardTargets.count))
        }
        if let target = cardTargets[id] { return target }
        let target = invalidated.target(card: id)
        cardTargets[id] = target
        return target
    }

    /// The change callback captures one object and nothing else, so
    /// forming it allocates no context.
    private func track(_ view: ViewID, _ target: InvalidationSet.Target) -> Screen {
        renderCount += 1
        return withObservationTracking({ port.render(view) }, onChange: { target.mark() })
    }
}

/// Where the grid sits in `ViewID.fixed`, whose order is render order.
enum ViewSlot {
    static let grid = ViewID.fixed.firstIndex(of: .grid)!
}
