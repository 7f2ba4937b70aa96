import Foundation
import Measure

/// Turns suite records into what a person reads: a table per suite, then
/// each counter family once, with unavailable counters grouped by reason.
enum ReportRenderer {
    static func render(_ records: [SuiteRecord], as format: Options.Format) throws -> String {
        switch format {
        case .json:
            return try String(decoding: encoder.encode(records), as: UTF8.self)
        case .text, .markdown:
            return records.map { render($0, markdown: format == .markdown) }.joined(separator: "\n")
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }()

    private static func render(_ record: SuiteRecord, markdown: Bool) -> String {
        var lines: [String] = []
        var heading = "suite \(record.suite): \(record.plan.iterations) iterations after \(record.plan.warmup) warm-up rounds"
        if let scale = record.scale { heading += ", \(scale) scale" }
        lines.append(markdown ? "## \(heading)" : heading)
        lines.append("")
        let compared = record.regions.contains { $0.comparedWithFastest != nil }
        let counted = record.regions.contains { $0.work != nil }
        var header = ["region", "median", "95% CI of median", "p10", "p90", "p99"]
        if compared { header.append("vs fastest") }
        header += ["mallocs", "heap peak"]
        if counted { header += ["mallocs/action", "renders", "requests"] }
        header.append("instructions")
        let rows = record.regions.map { region -> [String] in
            var row = [
                region.name,
                duration(region.time.median),
                "\(duration(region.time.medianInterval.lowerBound))–\(duration(region.time.medianInterval.upperBound))",
                duration(region.time.p10),
                duration(region.time.p90),
                duration(region.time.p99),
            ]
            if compared { row.append(region.comparedWithFastest.map(ratio) ?? "") }
            row += [String(region.allocations.allocations), bytes(region.allocations.peakBytes)]
            if counted {
                let actions = max(1, region.work?["actions"] ?? 1)
                row += [String(format: "%.1f", Double(region.allocations.allocations) / Double(actions)),
                        region.work?["renders"].map(String.init) ?? "", region.work?["requests"].map(String.init) ?? ""]
            }
            row.append(region.instructions.value.map(String.init) ?? "unavailable")
            return row
        }
        lines += table(header: header, rows: rows, markdown: markdown)
        lines.append("")
        for family in ["hardware counters (PAPI)", "software counters (perf_event_open)"] {
            lines.append(markdown ? "### \(family)" : "\(family):")
            let readings = record.regions.map { region in
                (region.name, family.hasPrefix("hardware") ? region.hardwareCounters : region.softwareCounters)
            }
            lines += counterLines(readings)
            lines.append("")
        }
        let reasons = Set(record.regions.compactMap { region -> String? in
            if case .unavailable(let reason) = region.instructions { return reason }
            return nil
        })
        for reason in reasons.sorted() { lines.append("instructions unavailable: \(reason)") }
        if let rss = record.regions.first?.peakMemory.residentPeakBytes, case .unavailable(let reason) = rss {
            lines.append("resident peak unavailable: \(reason)")
        }
        return lines.joined(separator: "\n")
    }

    /// Counted values per region, then each distinct reason once.
    private static func counterLines(_ readings: [(String, [NamedReading])]) -> [String] {
        var lines: [String] = []
        var unavailable: [String: [String]] = [:]
        for (region, named) in readings {
            let counted = named.compactMap { reading in reading.reading.value.map { "\(reading.name)=\($0)" } }
            if !counted.isEmpty { lines.append("  \(region): " + counted.joined(separator: ", ")) }
            for reading in named {
                if case .unavailable(let reason) = reading.reading, !unavailable[reason, default: []].contains(reading.name) {
                    unavailable[reason, default: []].append(reading.name)
                }
            }
        }
        for (reason, names) in unavailable.sorted(by: { $0.key < $1.key }) {
            lines.append("  unavailable \(names.joined(separator: ", ")): \(reason)")
        }
        return lines
    }

    private static func table(header: [String], rows: [[String]], markdown: Bool) -> [String] {
        if markdown {
            return ["| " + header.joined(separator: " | ") + " |",
                    "|" + header.map { _ in " --- |" }.joined()]
                + rows.map { "| " + $0.joined(separator: " | ") + " |" }
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }

    /// "2.31× (2.20–2.45)", or "1.00×" for the fastest; "≈" marks a ratio
    /// whose interval includes 1, which the samples cannot tell from parity.
    static func ratio(_ comparison: PairedComparison) -> String {
        if comparison.interval == 1...1 { return "1.00×" }
        let marker = comparison.verdict == .undecided ? "≈" : ""
        return marker + String(format: "%.2f× (%.2f–%.2f)", comparison.ratio,
                               comparison.interval.lowerBound, comparison.interval.upperBound)
    }

    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1e3)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1e6)
        default: return String(format: "%.2f s", nanoseconds / 1e9)
        }
    }

    static func bytes(_ count: Int64) -> String {
        switch count {
        case ..<10_240: return "\(count) B"
        case ..<10_485_760: return String(format: "%.1f KiB", Double(count) / 1024)
        default: return String(format: "%.1f MiB", Double(count) / 1_048_576)
        }
    }
}
