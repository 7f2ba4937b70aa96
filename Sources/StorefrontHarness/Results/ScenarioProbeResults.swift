import Measure

/// One probe of the perf-scenarios suite (`SuiteResult.probes`): one of
/// Cog's PERF scenarios, its values verified before anything is taken.
/// Every count is per unit (a turn, a node, a graph). A probe that failed
/// its check carries `verified: "failed"` and the failure, and no numbers.
package struct ScenarioProbeResult: Codable {
    /// The probe's name, which begins with its scenario's ID.
    var probe: String
    var id: String
    var summary: String
    var unit: String
    var verified = "failed"
    var failure: String? = nil
    /// Timed samples, each one run's time over its units (for a probe with
    /// a reference, a run minus its reference's run, taken alternately).
    var iterations: Int? = nil
    var wallNanoseconds: WallTime? = nil
    var samplesNanoseconds: [Double]? = nil
    /// Thread-exact malloc count per unit.
    var mallocsPerUnit: Double? = nil
    /// Callgrind's instructions and calls into the runtime's strong retain
    /// and release entry points, per unit; unavailable without
    /// `--instructions callgrind`, with the reason.
    var instructionsPerUnit: Reading? = nil
    var retainsPerUnit: Reading? = nil
    var releasesPerUnit: Reading? = nil
    /// UI notices one unit delivers, and their labels in delivery order
    /// (for up to 12), where the probe reads at the UI edge.
    var noticesPerUnit: Double? = nil
    var noticeOrder: [String]? = nil
    /// Memory probes: the heap one run held at its peak, what it still held
    /// at its end, and the process's resident peak during that run with
    /// the part of it that run added (the peak also counts what earlier
    /// suites left mapped).
    var peakHeapBytes: Int64? = nil
    var retainedHeapBytes: Int64? = nil
    var peakResidentBytes: Reading? = nil
    var residentGrowthBytes: Reading? = nil

    init(probe: String, id: String, summary: String, unit: String) {
        self.probe = probe
        self.id = id
        self.summary = summary
        self.unit = unit
    }

    func failed(_ failure: String) -> ScenarioProbeResult {
        var copy = self
        copy.verified = "failed"
        copy.failure = failure
        return copy
    }

    /// The names of `counts`, in its order: the ones a thresholds file may pin.
    static let countNames = ["mallocsPerUnit", "retainsPerUnit", "releasesPerUnit", "noticesPerUnit", "peakHeapBytes"]

    /// The exact counts a baseline comparison and the thresholds hold, by
    /// the name `Results/thresholds.json` uses for them.
    var counts: [(name: String, value: Double?)] {
        let values = [
            mallocsPerUnit, retainsPerUnit?.value, releasesPerUnit?.value, noticesPerUnit,
            peakHeapBytes.map { Double($0) },
        ]
        return zip(Self.countNames, values).map { ($0, $1) }
    }
}

extension ReportRenderer {
    static func probeTable(_ probes: [ScenarioProbeResult], markdown: Bool) -> [String] {
        table(
            header: [
                "probe", "per", "median", "mallocs", "instructions", "retains", "releases", "notices", "heap peak",
            ],
            rows: probes.map { probe in
                guard probe.verified == "passed" else {
                    return [probe.probe, probe.unit, "FAILED", "", "", "", "", "", ""]
                }
                return [
                    probe.probe, probe.unit, probe.wallNanoseconds.map { duration($0.median) } ?? "",
                    probe.mallocsPerUnit.map(perUnit) ?? "", probe.instructionsPerUnit.map(perUnit) ?? "",
                    probe.retainsPerUnit.map(perUnit) ?? "", probe.releasesPerUnit.map(perUnit) ?? "",
                    probe.noticesPerUnit.map(perUnit) ?? "", probe.peakHeapBytes.map(bytes) ?? "",
                ]
            }, markdown: markdown)
    }

    /// The notice order of each probe that reports one, and each reading the
    /// machine could not take, once per reason.
    static func probeNotes(_ probes: [ScenarioProbeResult]) -> [String] {
        var lines: [String] = []
        for probe in probes where probe.verified == "passed" {
            if let order = probe.noticeOrder {
                lines.append("  \(probe.probe): notices in order \(order.joined(separator: ", "))")
            }
            if let peak = probe.peakHeapBytes, let retained = probe.retainedHeapBytes {
                var line = "  \(probe.probe): heap peak \(peak) B, still held after the run \(retained) B"
                if let growth = probe.residentGrowthBytes?.value {
                    line += ", resident set grew \(bytes(Int64(growth)))"
                }
                lines.append(line)
            }
        }
        var reasons: [String: Set<String>] = [:]
        for probe in probes where probe.verified == "passed" {
            for (name, reading) in [
                ("instructions", probe.instructionsPerUnit), ("retains", probe.retainsPerUnit),
                ("releases", probe.releasesPerUnit), ("resident growth", probe.residentGrowthBytes),
            ] {
                if let reason = reading?.unavailable { reasons[reason, default: []].insert(name) }
            }
        }
        for (reason, names) in reasons.sorted(by: { $0.key < $1.key }) {
            lines.append("  unavailable \(names.sorted().joined(separator: ", ")): \(reason)")
        }
        for failed in probes where failed.failure != nil {
            lines.append("  FAILED \(failed.probe): \(failed.failure!)")
        }
        return lines
    }

    /// A count per unit: whole numbers bare, others to two decimals.
    static func perUnit(_ value: Double) -> String {
        value == value.rounded() ? grouped(value) : String(format: "%.2f", value)
    }

    static func perUnit(_ reading: Reading) -> String {
        reading.value.map(perUnit) ?? "unavailable"
    }

    /// A perf-scenarios row: entry is the probe, gate its value check, the
    /// times per unit, mallocs_per_iteration the mallocs per unit and
    /// peak_live_bytes the heap peak of a memory probe. Instructions,
    /// retains, releases and notices are in the JSON only.
    static func probeCSVRow(suite: String) -> (ScenarioProbeResult) -> [String] {
        { probe in
            let wall = probe.wallNanoseconds.map { wall in
                [wall.median, wall.ciLow, wall.ciHigh, wall.min, wall.p90, wall.max].map { String(format: "%.1f", $0) }
            }
            var row = [suite, probe.probe, probe.verified, probe.iterations.map(String.init) ?? ""]
            row += wall ?? Array(repeating: "", count: 6)
            row += [probe.mallocsPerUnit.map { String(format: "%.2f", $0) } ?? "", "", ""]
            row += [probe.peakHeapBytes.map(String.init) ?? ""]
            row += Array(repeating: "", count: csvHeader.count - row.count)
            return row
        }
    }
}
