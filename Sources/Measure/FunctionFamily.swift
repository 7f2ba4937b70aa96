/// A family of functions named by symbol prefixes, such as the shared
/// rules of a workload, whose cost inside a region callgrind can tell apart.
///
/// A region's family cost is what its `callers` spent in calls into the
/// family, less what the family spent calling back into `callbacks` (the
/// closures a caller hands a rule, and the reads they make). Callgrind
/// keeps only caller-to-callee records, not whole stacks, so the cost is
/// read from those edges: a call into the family made by code outside both
/// lists (a standard-library sort calling a rule's comparator) is not
/// counted, and a callback the family reaches through such code is not
/// taken off. Calls within the family are not counted twice.
public struct FunctionFamily: Sendable, Hashable {
    public var members: [String]
    public var callers: [String]
    public var callbacks: [String]

    public init(members: [String], callers: [String], callbacks: [String]) {
        self.members = members
        self.callers = callers
        self.callbacks = callbacks
    }

    /// What one call record adds to the family's cost (negative for a
    /// callback the family made).
    func contribution(of record: CallRecord) -> Int64 {
        let fromMember = Self.matches(record.caller, members)
        let toMember = Self.matches(record.callee, members)
        if toMember, !fromMember, Self.matches(record.caller, callers) {
            return Int64(record.inclusiveInstructions)
        }
        if fromMember, !toMember, Self.matches(record.callee, callbacks) {
            return -Int64(record.inclusiveInstructions)
        }
        return 0
    }

    private static func matches(_ symbol: Substring, _ prefixes: [String]) -> Bool {
        prefixes.contains { symbol.hasPrefix($0) }
    }

    /// The prefix Swift's mangling gives every symbol of `module`'s own
    /// declarations: `$s`, then the name's length and the name.
    public static func swiftModulePrefix(_ module: String) -> String {
        "$s\(module.utf8.count)\(module)"
    }
}
