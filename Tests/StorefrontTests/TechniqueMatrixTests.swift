import BuiltInRuntimes
import Foundation
import Testing
import Workload

/// The technique matrix in `Runtimes/README.md`: every optimisation any port
/// or review has used, against every built-in port and the compute control,
/// each cell saying what became of it there. A technique found for one port
/// is offered to every port its definition allows, so a row with an empty
/// or unexplained cell is a technique someone did not offer.
@Suite("technique matrix")
struct TechniqueMatrixTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Runtimes/README.md")

    /// The verdicts a cell may start with.
    static let verdicts = ["applied", "not allowed by the definition", "not applicable", "tried, no gain", "open"]

    struct Matrix {
        var columns: [String]
        var rows: [(technique: String, cells: [String])]
    }

    /// The first Markdown table after the "## Technique matrix" heading.
    static func matrix(in text: String) -> Matrix? {
        let lines = text.components(separatedBy: "\n")
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("## Technique matrix") }) else { return nil }
        let table = lines[(heading + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        guard table.count >= 2 else { return nil }
        let rows = table.map(cells(of:))
        return Matrix(
            columns: Array(rows[0].dropFirst()), rows: rows.dropFirst(2).map { ($0[0], Array($0.dropFirst())) })
    }

    static func cells(of line: String) -> [String] {
        let inner = line.trimmingCharacters(in: .whitespaces).dropFirst().dropLast()
        return inner.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// What is wrong with a matrix: missing columns, short rows, cells with
    /// no verdict, applied or tried cells without their counts.
    static func problems(in matrix: Matrix, ports: [String]) -> [String] {
        var problems: [String] = []
        let expected = ports + ["compute control"]
        if matrix.columns != expected {
            problems.append("columns are \(matrix.columns), expected \(expected)")
        }
        if matrix.rows.isEmpty { problems.append("the matrix has no technique") }
        for (technique, cells) in matrix.rows {
            if cells.count != matrix.columns.count {
                problems.append("\(technique): \(cells.count) cells for \(matrix.columns.count) columns")
            }
            for (column, cell) in zip(matrix.columns, cells) {
                guard let verdict = verdicts.first(where: { cell.hasPrefix($0) }) else {
                    problems.append("\(technique), \(column): '\(cell)' starts with none of \(verdicts)")
                    continue
                }
                // A port's applied or tried cell carries its measurement; a
                // refusal carries its reason.
                let detail = cell.dropFirst(verdict.count)
                if verdict != "not allowed by the definition", !detail.contains(where: \.isNumber) {
                    problems.append("\(technique), \(column): '\(cell)' gives no count or ledger entry")
                }
                if verdict == "not allowed by the definition",
                    detail.trimmingCharacters(in: .punctuationCharacters)
                        .trimmingCharacters(in: .whitespaces).isEmpty
                {
                    problems.append("\(technique), \(column): a refusal without its reason")
                }
            }
        }
        return problems
    }

    @Test("every technique row has a cell with a verdict and its evidence for every port and the control")
    func everyCellIsFilled() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let matrix = try #require(Self.matrix(in: text), "Runtimes/README.md has no technique matrix")
        let problems = Self.problems(in: matrix, ports: Runtime.builtIn.map(\.name))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test(
        "the check fails on an empty cell, a cell without a verdict, a missing port and an applied cell without counts")
    func theCheckCanFail() throws {
        let ports = ["a", "b"]
        let good = """
            ## Technique matrix

            | technique | a | b | compute control |
            | --- | --- | --- | --- |
            | T1 loops | applied (abc1234, 10 → 8) | tried, no gain (10 → 10) | not allowed by the definition (no loops) |
            """
        let goodMatrix = try #require(Self.matrix(in: good))
        #expect(Self.problems(in: goodMatrix, ports: ports).isEmpty)

        let broken = [
            good.replacingOccurrences(of: "tried, no gain (10 → 10)", with: ""),
            good.replacingOccurrences(of: "tried, no gain (10 → 10)", with: "maybe later"),
            good.replacingOccurrences(of: "applied (abc1234, 10 → 8)", with: "applied"),
            good.replacingOccurrences(
                of: "not allowed by the definition (no loops)", with: "not allowed by the definition"),
            good.replacingOccurrences(of: "| compute control |", with: "|"),
            good.replacingOccurrences(of: "tried, no gain (10 → 10)", with: "not applicable"),
        ]
        for text in broken {
            let matrix = try #require(Self.matrix(in: text))
            #expect(!Self.problems(in: matrix, ports: ports).isEmpty, "\(text)")
        }
    }
}
