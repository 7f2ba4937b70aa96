/// A named group of measured regions.
enum Suite: String, CaseIterable {
    case calibration

    var regions: [Region] {
        switch self {
        case .calibration: CalibrationRegions.all
        }
    }
}

/// One measured piece of work. `run` must be synchronous and repeatable;
/// `expectedAllocations`, when set, is checked against the malloc counter.
struct Region {
    let name: String
    let summary: String
    let expectedAllocations: UInt64?
    let run: () -> Void
}
