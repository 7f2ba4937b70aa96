import Foundation

/// Timed values no run could have measured, in a results document read back
/// from disk (a baseline, a record, a `compare` side), which a person may
/// have edited or a tool truncated.
///
/// Every statistic the tool draws from read-back samples (a median, a
/// bootstrap interval, a factor) assumes positive, finite times: a zero
/// median makes a factor 0/0, and a NaN inside a bootstrap's sorted
/// estimates gives an interval whose low end lies above its high end. So a
/// document holding one is refused when read, by the field that holds it,
/// before any statistic runs.
package enum ImpossibleTimes {
    /// Longer than any run of this tool: about 11.6 days in nanoseconds.
    static let longest = 1e15

    /// The timed fields and what each holds.
    private static let sampleLists: Set<String> = ["samplesNanoseconds", "processMediansNanoseconds"]
    private static let singleTimes: Set<String> = ["medianNanoseconds"]
    private static let summaries: Set<String> = ["wallNanoseconds"]
    private static let summaryFields = ["min", "median", "p90", "p99", "max", "ciLow", "ciHigh"]

    /// The first impossible timed value in `data`, as "path: what is wrong",
    /// or nil when every time is plausible (or `data` is not JSON, which
    /// the decoder reports in its own words).
    package static func firstProblem(in data: Data) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        return walk(root, path: "")
    }

    private static func walk(_ value: Any, path: String) -> String? {
        if let list = value as? [Any] {
            for (index, element) in list.enumerated() {
                if let problem = walk(element, path: path + "[\(index)]") { return problem }
            }
            return nil
        }
        guard let object = value as? [String: Any] else { return nil }
        for key in object.keys.sorted() {
            let child = object[key]!
            let place = path.isEmpty ? key : path + "." + key
            if let problem = check(key, child, place: place, in: object) ?? walk(child, path: place) {
                return problem
            }
        }
        return nil
    }

    private static func check(_ key: String, _ value: Any, place: String, in object: [String: Any]) -> String? {
        if value is NSNull { return nil }
        if sampleLists.contains(key) {
            guard let list = value as? [Any] else { return "\(place) must be a list of times in nanoseconds" }
            guard !list.isEmpty else {
                return "\(place) is empty; a timed cell holds at least one sample (drop the cell, or measure it again)"
            }
            for (index, element) in list.enumerated() {
                if let problem = time(element, place: place + "[\(index)]") { return problem }
            }
            if key == "samplesNanoseconds", let problem = processCounts(object, samples: list.count, place: place) {
                return problem
            }
            return nil
        }
        if singleTimes.contains(key) { return time(value, place: place) }
        if summaries.contains(key), let summary = value as? [String: Any] {
            for field in summaryFields {
                guard let number = summary[field] else { continue }
                if let problem = time(number, place: place + "." + field) { return problem }
            }
            if let low = summary["ciLow"] as? Double, let high = summary["ciHigh"] as? Double, low > high {
                return "\(place): ciLow \(low) lies above ciHigh \(high); an interval's low end is at most its high end"
            }
        }
        return nil
    }

    private static func time(_ value: Any, place: String) -> String? {
        guard let number = value as? NSNumber else { return "\(place) must be a number" }
        let time = number.doubleValue
        if !time.isFinite { return "\(place) is \(time); a time is a finite number of nanoseconds" }
        if time <= 0 { return "\(place) is \(number); a measured time is above 0 ns" }
        if time >= longest {
            return "\(place) is \(number) ns, longer than any run (10^15 ns is 11.6 days)"
        }
        return nil
    }

    /// `samplesPerProcess` beside `samplesNanoseconds` must split those
    /// samples: counts above 0 that add up to them.
    private static func processCounts(_ object: [String: Any], samples: Int, place: String) -> String? {
        guard let raw = object["samplesPerProcess"], !(raw is NSNull) else { return nil }
        let counts = (raw as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } ?? []
        let where_ = place.replacingOccurrences(of: "samplesNanoseconds", with: "samplesPerProcess")
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }), counts.reduce(0, +) == samples else {
            return "\(where_) must be counts above 0 that add up to the \(samples) samples of \(place)"
        }
        return nil
    }
}

extension ResultsDocument {
    /// Why a results document read back from disk cannot be trusted,
    /// beyond what the decoder checks: a key given twice, or a time no run
    /// could have measured. Nil when it can.
    static func readBackProblem(in data: Data) -> String? {
        if let key = StrictJSON.duplicateKey(in: data) {
            return "\(key) is given twice; a strict JSON reader refuses that, and readers differ on which value wins"
        }
        return ImpossibleTimes.firstProblem(in: data)
    }
}
