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
/// mounting compares the two pages' ids directly. Nothing is hashed and
/// nothing grows with the catalog; what remains per render is the port's
/// `render` and Observation's tracking.
@MainActor
final class ViewLayer<Port: StorefrontPort> {
    let port: Port
    private(set) var renderCount = 0
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

    /// Mounts every view of a fresh session and renders it once.
    init(port: Port) {
        self.port = port
        fixedScreens = Array(repeating: nil, count: ViewID.fixed.count)
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
        let set = invalidated
        return track(view) { set.mark(fixed: position) }
    }

    private func render(card id: Int) -> Screen {
        let set = invalidated
        return track(.card(productID: id)) { set.mark(card: id) }
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
