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

    /// Counts one call record, unless an entry point made it.
    mutating func add(_ record: CallRecord) {
        guard !Self.isReferenceCounting(record.caller) else { return }
        let name = String(record.callee)
        if Self.retainFunctions.contains(name) {
            retains += record.count
        } else if Self.releaseFunctions.contains(name) {
            releases += record.count
        }
    }

    private static func isReferenceCounting(_ name: Substring) -> Bool {
        retainFunctions.contains(String(name)) || releaseFunctions.contains(String(name))
    }
}
