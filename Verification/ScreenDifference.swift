import Workload

/// The first way a session's views part from what the shadow model shows:
/// a view not mounted, a field that differs, or the mounted views
/// themselves. The one comparison of screens: the gate turns it into its
/// failure, and the tool into the line that drops a port whose measured
/// session ended wrong.
public struct ScreenDifference: Sendable, Equatable, CustomStringConvertible {
    /// The view, as `card(17)`; `grid` when the mounted views differ.
    public var view: String
    /// The differing field's path, as `lines[2].unitCents`; nil when the
    /// view is not mounted.
    public var field: String?
    public var expected: String
    public var actual: String

    /// "view card(17), field badge: expected In stock, shown Sold out".
    public var description: String {
        "view \(view)" + (field.map { ", field \($0)" } ?? "") + ": expected \(expected), shown \(actual)"
    }

    /// Compares, in order, each of `expected` with what the session shows,
    /// then the mounted views with `expected`'s; nil when all agree.
    public static func first(
        expected: [(view: ViewID, screen: Screen)], mounted: [ViewID], shown: [ViewID: Screen]
    ) -> ScreenDifference? {
        for (view, screen) in expected {
            guard let actual = shown[view] else {
                return ScreenDifference(view: "\(view)", field: nil, expected: "\(screen)", actual: "not mounted")
            }
            if screen != actual, let difference = FieldDifference.first(screen, actual) {
                return ScreenDifference(
                    view: "\(view)", field: difference.path, expected: difference.expected, actual: difference.actual)
            }
        }
        let views = expected.map(\.view)
        guard mounted != views else { return nil }
        return ScreenDifference(view: "grid", field: "mounted cards", expected: "\(views)", actual: "\(mounted)")
    }
}

extension SessionSchedule.Checkpoint {
    /// The first way a session's views part from this checkpoint; nil when
    /// every mounted view shows what the shadow model shows. The tool ends
    /// every measured session with this, so a port that goes wrong only
    /// after many sessions in one process is caught too.
    public func firstDifference(mounted: [ViewID], shown: [ViewID: Screen]) -> ScreenDifference? {
        ScreenDifference.first(
            expected: views.compactMap { view in screens[view].map { (view, $0) } }, mounted: mounted, shown: shown)
    }
}
