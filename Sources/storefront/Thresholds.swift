import Foundation

/// The committed limits a run is held to (`Results/thresholds.json`): exact
/// malloc counts for the cuts the design documents gate, per scale, suite
/// and port, and the time ratio a baseline comparison tolerates.
struct Thresholds: Codable {
    /// How the pinned counts were taken, for the reader of the file.
    var note: String
    /// A port is slower than its baseline when its median exceeds the
    /// baseline's by more than this factor.
    var relativeTimeLimit: Double
    /// scale → suite → port → the highest mallocs per action allowed.
    var mallocsPerAction: [String: [String: [String: Double]]]
    /// scale → suite → port → the highest mallocs per iteration allowed.
    var mallocsPerIteration: [String: [String: [String: UInt64]]]

    static func load(root: URL) throws -> Thresholds {
        let file = root.appendingPathComponent("Results/thresholds.json")
        guard let data = try? Data(contentsOf: file) else {
            throw ToolFailure(.failure, "no thresholds file at \(file.path); --check-thresholds needs one")
        }
        do {
            return try JSONDecoder().decode(Thresholds.self, from: data)
        } catch {
            throw ToolFailure(.failure, "\(file.path) is not a valid thresholds file: \(error)")
        }
    }

    /// Every pinned count the document exceeds, as one line each.
    func violations(in document: ResultsDocument) -> [String] {
        let scale = document.workload.scale
        var found: [String] = []
        for suite in document.suites {
            for result in suite.runtimes ?? [] where result.gate == "passed" {
                // Pins are written to four decimals; one more malloc per
                // run moves the per-action count far more than that.
                if let limit = mallocsPerAction[scale]?[suite.suite]?[result.runtime], let actual = result.mallocsPerAction,
                   actual > limit + 0.001 {
                    found.append("\(suite.suite)/\(result.runtime) at \(scale) scale: \(String(format: "%.2f", actual)) "
                        + "mallocs per action, above the pinned \(String(format: "%.2f", limit))")
                }
                if let limit = mallocsPerIteration[scale]?[suite.suite]?[result.runtime],
                   let actual = result.mallocsPerIteration, actual > limit {
                    found.append("\(suite.suite)/\(result.runtime) at \(scale) scale: \(actual) mallocs per iteration, "
                        + "above the pinned \(limit)")
                }
            }
        }
        return found
    }
}

/// A failure that ends the run with a specific exit code and message.
struct ToolFailure: Error, CustomStringConvertible {
    let code: ExitCode
    let description: String

    init(_ code: ExitCode, _ description: String) {
        self.code = code
        self.description = description
    }
}
