/// One shape on one runtime in the graph suite (`SuiteResult.shapes`).
/// A case that failed its count verification carries `verified: "failed"`
/// and the failure (shape, runtime, expected and actual), and no time.
struct GraphShapeResult: Codable {
    var shape: String
    var runtime: String
    /// What one timed sample does.
    var unit: String
    /// What `mallocsPerIteration` is counted over.
    var iterationUnit: String
    var verified = "failed"
    var failure: String? = nil
    var fastestNanoseconds: Double? = nil
    var medianNanoseconds: Double? = nil
    var samplesNanoseconds: [Double]? = nil
    /// The samples the runtime's graph budget allows for this case, before
    /// `--iterations` lowers it.
    var sampleBudget: Int? = nil
    var mallocsPerIteration: UInt64? = nil
    /// Cog only: the edge pool's high-water mark after timing, and after
    /// 1,000 further iterations of a Kairo shape (must be equal).
    var edgePoolHighWaterMark: Int? = nil
    var edgePoolAfterFurtherIterations: Int? = nil
    /// alien-signals' published time for the same unit, from the reference:
    /// measured on another machine (Node 20, 2-vCPU Linux), not run here.
    var alienMilliseconds: Double? = nil

    init(shape: String, runtime: String, unit: String, iterationUnit: String, alienMilliseconds: Double?) {
        self.shape = shape
        self.runtime = runtime
        self.unit = unit
        self.iterationUnit = iterationUnit
        self.alienMilliseconds = alienMilliseconds
    }

    func failed(_ failure: String) -> GraphShapeResult {
        var copy = self
        copy.verified = "failed"
        copy.failure = failure
        return copy
    }
}

extension ReportRenderer {
    /// What the alien column is, said wherever it is shown (text report,
    /// Markdown, results page): published figures from another machine.
    static let alienFiguresNote =
        "alien-signals' published time for the same unit, "
        + "measured on another machine (Node 20, a 2-vCPU container), not run here: on a 2-core machine like this "
        + "one alien-signals ran 2–9× slower than these figures, so a ratio to them is not a side-by-side one."

    static func graphTable(_ shapes: [GraphShapeResult], markdown: Bool) -> [String] {
        table(
            header: ["shape", "runtime", "unit", "fastest", "median", "alien", "mallocs", "per", "edge pool"],
            rows: shapes.map { shape in
                guard shape.verified == "passed" else {
                    return [shape.shape, shape.runtime, shape.unit, "FAILED", "", "", "", "", ""]
                }
                var pool = shape.edgePoolHighWaterMark.map(String.init) ?? ""
                if let after = shape.edgePoolAfterFurtherIterations { pool += " → \(after)" }
                return [
                    shape.shape, shape.runtime, shape.unit,
                    shape.fastestNanoseconds.map(duration) ?? "", shape.medianNanoseconds.map(duration) ?? "",
                    shape.alienMilliseconds.map { duration($0 * 1e6) } ?? "",
                    shape.mallocsPerIteration.map(String.init) ?? "", shape.iterationUnit, pool,
                ]
            }, markdown: markdown)
    }
}
