/// Calls into the Swift runtime's strong retain and release entry points,
/// read from a callgrind dump's call records.
///
/// Callgrind sees every call, including those libswiftCore makes to itself,
/// which an interposed `swift_retain` misses (`docs/measurement.md`). A call
/// to a `_n` entry point counts once, whatever its count argument. A call
/// made by one of these entry points to another (a bridge-object retain
/// passing a native object on to `swift_retain`) is not counted again.
public struct ReferenceCountingCalls: Sendable, Equatable, Codable {
    public var retains: UInt64 = 0
    public var releases: UInt64 = 0

    public init(retains: UInt64 = 0, releases: UInt64 = 0) {
        self.retains = retains
        self.releases = releases
    }

    /// The runtime's strong retain entry points.
    public static let retainFunctions: Set<String> = [
        "swift_retain", "swift_retain_n", "swift_nonatomic_retain", "swift_nonatomic_retain_n",
        "swift_bridgeObjectRetain", "swift_bridgeObjectRetain_n", "swift_nonatomic_bridgeObjectRetain",
        "swift_nonatomic_bridgeObjectRetain_n", "swift_unknownObjectRetain", "swift_unknownObjectRetain_n",
        "swift_nonatomic_unknownObjectRetain", "swift_nonatomic_unknownObjectRetain_n",
    ]

    /// The runtime's strong release entry points.
    public static let releaseFunctions: Set<String> = [
        "swift_release", "swift_release_n", "swift_nonatomic_release", "swift_nonatomic_release_n",
        "swift_bridgeObjectRelease", "swift_bridgeObjectRelease_n", "swift_nonatomic_bridgeObjectRelease",
        "swift_nonatomic_bridgeObjectRelease_n", "swift_unknownObjectRelease", "swift_unknownObjectRelease_n",
        "swift_nonatomic_unknownObjectRelease", "swift_nonatomic_unknownObjectRelease_n",
    ]

    /// Function names by callgrind's number, kept across the dumps of one run.
    public struct Names: Sendable {
        var byNumber: [Substring: Substring] = [:]

        public init() {}
    }

    /// Reads a dump line by line. Callgrind compresses names: a function
    /// is named in full once per run, `fn=(12) swift_retain`, then by its
    /// number alone, `cfn=(12)`, in that dump and every later one; a
    /// recursive activation carries a suffix, `swift_release'2`, which is
    /// the same entry point.
    struct Tally {
        private(set) var names: Names
        private var caller: Substring = ""
        private var callee: Substring = ""
        private(set) var result = ReferenceCountingCalls()

        init(names: Names) { self.names = names }

        mutating func read(_ line: Substring) {
            if line.hasPrefix("fn=") {
                caller = resolve(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = resolve(line.dropFirst(4))
            } else if line.hasPrefix("calls="),
                let count = line.dropFirst(6).split(separator: " ").first.flatMap({ UInt64($0) })
            {
                guard !Self.isReferenceCounting(caller) else { return }
                let name = String(callee)
                if ReferenceCountingCalls.retainFunctions.contains(name) {
                    result.retains += count
                } else if ReferenceCountingCalls.releaseFunctions.contains(name) {
                    result.releases += count
                }
            }
        }

        private static func isReferenceCounting(_ name: Substring) -> Bool {
            ReferenceCountingCalls.retainFunctions.contains(String(name))
                || ReferenceCountingCalls.releaseFunctions.contains(String(name))
        }

        /// `(12) name` defines number 12; `(12)` looks it up. The recursion
        /// suffix is dropped.
        private mutating func resolve(_ text: Substring) -> Substring {
            var name = text
            if text.hasPrefix("("), let close = text.firstIndex(of: ")") {
                let number = text[text.index(after: text.startIndex)..<close]
                let rest = text[text.index(after: close)...].drop { $0 == " " }
                if rest.isEmpty {
                    name = names.byNumber[number] ?? ""
                } else {
                    names.byNumber[number] = rest
                    name = rest
                }
            }
            if let quote = name.lastIndex(of: "'"), name[name.index(after: quote)...].allSatisfy(\.isNumber) {
                name = name[..<quote]
            }
            return name
        }
    }
}
