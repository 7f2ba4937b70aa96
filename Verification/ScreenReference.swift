import Workload

/// What every step of one session puts on screen, as a text a reviewer can
/// read and a test can pin.
///
/// The gate proves each port shows the shadow model's screens, but the
/// shadow model and the ports share the rules (`Money`, `Browsing`,
/// `CheckoutRules`, the screen builders), so agreement cannot see a bug in
/// a rule. A committed reference can: it holds, for the first render and
/// after every action and every delivered response, each view whose screen
/// changed (its digest) and each view that left, so a rule that starts
/// computing another screen anywhere in the session parts from it at that
/// step and view. Storing changes rather than whole states keeps the file
/// small and makes its diff say what a step did to the screens.
public struct ScreenReference: Sendable, Equatable {
    /// One line: where in the session, what changed on screen, and the step.
    public struct Step: Sendable, Equatable {
        /// "promotion step 3", with "response 41" for one delivered answer.
        public var place: String
        /// "cart=0123456789abcdef" for a view whose screen changed (or that
        /// appeared), "-card(17)" for one that left, in render order.
        public var changes: [String]
        /// The step in the script's words.
        public var action: String
    }

    public private(set) var steps: [Step]

    /// The reference the shadow model gives for `script` on `catalog`,
    /// responses delivered in the script's order or `shuffleSeed`'s.
    public static func recording(catalog: Catalog, script: Script, shuffleSeed: UInt64? = nil) -> ScreenReference {
        recording(catalog: catalog, script: script, shuffleSeed: shuffleSeed) { _, screen in screen }
    }

    /// The same, with every screen passed through `alter` before it is
    /// digested: how a test shows that a rule that changes one screen at one
    /// step is reported at that step and view.
    public static func recording(
        catalog: Catalog, script: Script, shuffleSeed: UInt64?, alter: (String, Screen) -> Screen
    ) -> ScreenReference {
        var reference = ScreenReference(steps: [])
        var shown: [ViewID: UInt64] = [:]
        var walk = SessionWalk(catalog: catalog, phases: script.phases, shuffleSeed: shuffleSeed)

        func note(place: String, action: String) {
            var changes: [String] = []
            var now: [ViewID: UInt64] = [:]
            for (view, screen) in walk.shadow.mountedScreens() {
                let digest = ScreenDigest.of(alter(place, screen))
                now[view] = digest
                if shown[view] != digest { changes.append("\(view)=\(ScreenDigest.hex(digest))") }
            }
            for view in ViewID.ordered(shown.keys) where now[view] == nil { changes.append("-\(view)") }
            shown = now
            reference.steps.append(Step(place: place, changes: changes, action: action))
        }

        note(place: "start", action: "first render")
        while let event = walk.next() {
            guard let (index, step) = event.step else { continue }  // a phase's end shows nothing new
            if case .delivery(let sequence, _) = event.kind {
                note(place: "\(event.phase) step \(index + 1) response \(sequence)", action: "\(step)")
            } else {
                note(place: "\(event.phase) step \(index + 1)", action: "\(step)")
            }
        }
        return reference
    }

    /// Where `self` (what the rules give now) first parts from `pinned`:
    /// the step, the view and both digests; nil when they agree throughout.
    public func firstDifference(from pinned: ScreenReference) -> Difference? {
        for (index, step) in steps.enumerated() {
            guard index < pinned.steps.count else {
                return Difference(place: step.place, action: step.action, view: nil, pinned: "no step", now: "a step")
            }
            let old = pinned.steps[index]
            guard step.place == old.place else {
                return Difference(place: step.place, action: step.action, view: nil, pinned: old.place, now: step.place)
            }
            guard step.changes != old.changes else { continue }
            let oldByView = Dictionary(old.changes.map(Self.split), uniquingKeysWith: { first, _ in first })
            let newByView = Dictionary(step.changes.map(Self.split), uniquingKeysWith: { first, _ in first })
            let view =
                step.changes.map { Self.split($0).view }.first { newByView[$0] != oldByView[$0] }
                ?? old.changes.map { Self.split($0).view }.first { newByView[$0] != oldByView[$0] }
            return Difference(
                place: step.place, action: step.action, view: view,
                pinned: view.map { oldByView[$0] ?? "unchanged" } ?? old.changes.joined(separator: " "),
                now: view.map { newByView[$0] ?? "unchanged" } ?? step.changes.joined(separator: " "))
        }
        guard pinned.steps.count > steps.count else { return nil }
        let extra = pinned.steps[steps.count]
        return Difference(place: extra.place, action: extra.action, view: nil, pinned: "a step", now: "no step")
    }

    /// A change split into its view and what the view became ("left" for "-view").
    private static func split(_ change: String) -> (view: String, state: String) {
        if change.hasPrefix("-") { return (String(change.dropFirst()), "left") }
        guard let equals = change.firstIndex(of: "=") else { return (change, "") }
        return (String(change[..<equals]), String(change[change.index(after: equals)...]))
    }

    /// The first step where the screens part from the pinned ones.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        public var place: String
        public var action: String
        /// The view that differs; nil when the steps themselves differ.
        public var view: String?
        public var pinned: String
        public var now: String

        public var description: String {
            "\(place) (\(action))" + (view.map { ", view \($0)" } ?? "") + ": pinned \(pinned), now \(now)"
        }
    }
}

extension ViewID {
    /// `views` in render order, whatever order a dictionary gave them in.
    static func ordered(_ views: some Sequence<ViewID>) -> [ViewID] {
        views.sorted { a, b in
            switch (a, b) {
            case (.card(let x), .card(let y)): x < y
            default: a.renderRank != b.renderRank ? a.renderRank < b.renderRank : false
            }
        }
    }

    private var renderRank: Int {
        switch self {
        case .header: 0
        case .grid: 1
        case .card: 2
        case .facets: 3
        case .cart: 4
        case .detail: 5
        case .checkout: 6
        case .recommendations: 7
        }
    }
}
