/// One call record of a callgrind dump: `caller` called `callee` `count`
/// times, and those calls executed `inclusiveInstructions` in all.
public struct CallRecord: Sendable, Equatable {
    public var caller: Substring
    public var callee: Substring
    public var count: UInt64
    public var inclusiveInstructions: UInt64
}

/// Reads a dump's call records line by line.
///
/// Callgrind compresses names: a function is named in full once per run,
/// `fn=(12) swift_retain`, then by its number alone, `cfn=(12)`, in that
/// dump and every later one; a recursive activation carries a suffix,
/// `swift_release'2`, which is the same function. A record is a `calls=`
/// line followed by one cost line whose second field is the calls'
/// inclusive instructions (`--dump-instr=no`: the first is a line number).
public struct CallRecordReader: Sendable {
    /// Function names by callgrind's number, kept across the dumps of one run.
    public struct Names: Sendable {
        var byNumber: [Substring: Substring] = [:]

        public init() {}
    }

    private(set) var names: Names
    private var caller: Substring = ""
    private var callee: Substring = ""
    private var pendingCount: UInt64?

    public init(names: Names) { self.names = names }

    /// The record `line` completes, if it does.
    public mutating func read(_ line: Substring) -> CallRecord? {
        if let count = pendingCount {
            pendingCount = nil
            let inclusive = line.split(separator: " ").dropFirst().first.flatMap { UInt64($0) } ?? 0
            return CallRecord(caller: caller, callee: callee, count: count, inclusiveInstructions: inclusive)
        }
        if line.hasPrefix("fn=") {
            caller = resolve(line.dropFirst(3))
        } else if line.hasPrefix("cfn=") {
            callee = resolve(line.dropFirst(4))
        } else if line.hasPrefix("calls=") {
            pendingCount = line.dropFirst(6).split(separator: " ").first.flatMap { UInt64($0) }
        }
        return nil
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
