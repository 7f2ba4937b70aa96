import Workload

extension SessionSchedule.Checkpoint {
    /// The first way a session's views part from this checkpoint, as
    /// "view card(17), field badge: expected In stock, shown Sold out"; nil
    /// when every mounted view shows what the shadow model shows. The tool
    /// ends every measured session with this, so a port that goes wrong
    /// only after many sessions in one process is caught too.
    public func firstDifference(mounted: [ViewID], shown: [ViewID: Screen]) -> String? {
        for view in views {
            guard let expected = screens[view] else { continue }
            guard let actual = shown[view] else { return "view \(view): expected it mounted, it is not" }
            if expected != actual, let difference = FieldDifference.first(expected, actual) {
                return
                    "view \(view), field \(difference.path): expected \(difference.expected), shown \(difference.actual)"
            }
        }
        if mounted != views {
            return "mounted views: expected \(views), shown \(mounted)"
        }
        return nil
    }
}
