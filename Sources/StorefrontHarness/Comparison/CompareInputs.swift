import Foundation

/// One side of `storefront compare`: what the user named, the file read,
/// and the results document in it.
package struct ComparedRun {
    /// As the user wrote it, for messages and headings.
    let name: String
    package let file: URL
    let document: ResultsDocument

    /// "Results/2026-12-01-a657410575c2 (recorded 2026-12-01T…, commit a657410575c2, release build)".
    /// Each runtime the run measured, with its version and build.
    var runtimesLabel: String? {
        guard let lineup = document.lineup, !lineup.isEmpty else { return nil }
        return lineup.map { info in
            "\(info.name) \(info.version)" + (info.buildVariant.map { " (with \($0))" } ?? "")
        }.joined(separator: "; ")
    }

    var label: String {
        "\(name) (recorded \(document.recordedAt), commit \(document.environment.gitCommit), "
            + "\(document.environment.buildConfiguration) build)"
    }

    /// Reads `argument`: a folder holding `results.json` (a record,
    /// `--output` or the last run), a results or baseline file, or the
    /// name of a baseline under `root`'s `Results/baselines/`. Every bad
    /// input fails with one line naming what was wrong and what to do.
    package static func load(_ argument: String, root: URL) throws -> ComparedRun {
        let manager = FileManager.default
        let given = URL(fileURLWithPath: argument)
        var isDirectory: ObjCBool = false
        let file: URL
        if manager.fileExists(atPath: given.path, isDirectory: &isDirectory) {
            file = isDirectory.boolValue ? given.appendingPathComponent("results.json") : given
            if isDirectory.boolValue, !manager.fileExists(atPath: file.path) {
                throw ToolFailure(
                    .failure,
                    "compare: \(argument) is a folder without results.json; name a record "
                        + "folder (Results/<date>-<commit>/), an --output folder, or a baseline")
            }
        } else if let baseline = try? Baselines.file(argument, root: root), manager.fileExists(atPath: baseline.path) {
            file = baseline
        } else {
            let saved =
                (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("Results/baselines").path))?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
            throw ToolFailure(
                .failure,
                "compare: no record folder, results file or baseline named '\(argument)'; "
                    + "name a folder holding results.json or a saved baseline ("
                    + (saved.isEmpty
                        ? "none saved under Results/baselines/" : "saved: " + saved.joined(separator: ", ")) + ")")
        }
        if manager.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ToolFailure(
                .failure,
                "compare: \(file.path) is a folder, not a results file; name the folder that holds results.json, "
                    + "or the file itself")
        }
        guard let data = try? Data(contentsOf: file) else {
            throw ToolFailure(.failure, "compare: cannot read \(file.path); check its permissions")
        }
        // Truncated text, NaN or Infinity is no JSON at all: saying so beats
        // saying the schema is missing when the schema field is right there.
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            throw ToolFailure(
                .failure,
                "compare: \(file.path) is not a storefront results document: it is not valid JSON (truncated, or "
                    + "holding NaN or Infinity, which JSON has no word for; python3 -m json.tool FILE shows where)")
        }
        guard let schema = try? JSONDecoder().decode(SchemaOnly.self, from: data).schema,
            schema.hasPrefix("storefront-results/")
        else {
            throw ToolFailure(
                .failure,
                "compare: \(file.path) is not a storefront results document (no "
                    + "storefront-results schema); name a results.json written by --record, --output or --baseline save"
            )
        }
        guard ResultsDocument.readableSchemas.contains(schema) else {
            throw ToolFailure(
                .failure,
                "compare: \(file.path) has schema \(schema); this tool reads "
                    + ResultsDocument.readableSchemas.sorted().joined(separator: " and ")
                    + ": record it again with this tool")
        }
        let document: ResultsDocument
        do {
            document = try JSONDecoder().decode(ResultsDocument.self, from: data)
        } catch {
            throw ToolFailure(
                .failure,
                "compare: \(file.path) is a corrupt results document: \(DecodingProblem.words(error)); record it again")
        }
        if let problem = ResultsDocument.readBackProblem(in: data) {
            throw ToolFailure(.failure, "compare: \(file.path): \(problem); record it again")
        }
        return ComparedRun(name: argument, file: file, document: document)
    }

    private struct SchemaOnly: Decodable {
        var schema: String
    }
}
