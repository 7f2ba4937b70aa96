import Workload

extension ScreenReference {
    /// The reference as its committed file: a header of `#` lines naming
    /// the session, then one line per step, "place | changes | action".
    public func text(header: [String]) -> String {
        var lines = header.map { "# \($0)" }
        for step in steps {
            let changes = step.changes.isEmpty ? Self.noChange : step.changes.joined(separator: " ")
            lines.append("\(step.place) | \(changes) | \(step.action)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a step that changed no screen shows in place of its changes.
    static let noChange = "no change"

    /// Reads a committed file; `#` lines and blank lines are skipped.
    public init(parsing text: String) throws(ParseError) {
        var steps: [Step] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " | ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty else {
                throw ParseError(line: number + 1, text: String(line))
            }
            steps.append(
                Step(
                    place: String(parts[0]),
                    changes: parts[1] == Self.noChange ? [] : parts[1].split(separator: " ").map(String.init),
                    action: String(parts[2])))
        }
        self.init(steps: steps)
    }

    public struct ParseError: Error, CustomStringConvertible {
        public var line: Int
        public var text: String

        public var description: String {
            "line \(line) is not 'place | changes | action': \(text.prefix(80))"
        }
    }
}
