import GraphSuite

/// One runtime the harness can gate and measure, registered by one value:
/// its port, what it is and where it comes from, where its hand-written
/// statements are marked, the faults it carries, and, where it has them,
/// its graph adapter, its perf-scenarios probes and its cost table. A
/// lineup is an array of these; nothing else in the harness names a
/// runtime, and the harness links none.
///
/// Two registrations are the same runtime when their names are.
public struct Runtime: Sendable, Hashable, CustomStringConvertible {
    /// The port that drives this runtime through the session.
    public let port: any StorefrontPort.Type
    /// The version measured, as its users would name it ("0.27.0", "this
    /// repository at the recorded commit", "the toolchain's").
    public let version: String
    /// Where the runtime's source lives (a URL).
    public let source: String
    /// One line on how the port uses the runtime: the idiom a reader should
    /// expect to find in its folder.
    public let idiom: String
    /// The folder whose Swift files hold the port's `HAND-WRITTEN` markers
    /// (docs/storefront.md, "Hand-written code: what counts").
    public let sourceFolder: String
    /// The faults (`--inject-fault`) this port carries. A fault belongs to
    /// at most one runtime of a lineup.
    public let faults: [Fault]
    /// A build setting this binary's runtime has that an app depending on
    /// it would not get (Cog's `CompactArena` trait), or nil for the build
    /// an app gets. Records and baselines keep only app builds.
    public let buildVariant: String?
    /// The runtime's entry in the graph suite (`GraphAdapter.cog`), or nil
    /// for a runtime that runs the Storefront session only.
    public let graph: GraphAdapter?
    /// The runtime's own benchmark-mode scenarios, which the perf-scenarios
    /// suite measures (Cog's PERF probes); empty for most runtimes.
    public let scenarioProbes: [ScenarioProbe]
    /// The runtime's primitive-cost table (`--probe NAME`), or nil.
    public let costProbe: CostProbe?
    /// The port's last independent review, or nil for a port never
    /// reviewed (the reports say so).
    public let review: PortReview?

    /// Registers `port`. `sourceFolder` defaults to the folder of the file
    /// that makes this call, which is where a port registers itself.
    public init(
        port: any StorefrontPort.Type, version: String, source: String, idiom: String,
        faults: [Fault] = [], buildVariant: String? = nil, graph: GraphAdapter? = nil,
        scenarioProbes: [ScenarioProbe] = [], costProbe: CostProbe? = nil, review: PortReview? = nil,
        sourceFolder: String = #filePath
    ) {
        self.port = port
        self.version = version
        self.source = source
        self.idiom = idiom
        self.faults = faults
        self.buildVariant = buildVariant
        self.graph = graph
        self.scenarioProbes = scenarioProbes
        self.costProbe = costProbe
        self.review = review
        self.sourceFolder = Self.folder(of: sourceFolder)
    }

    /// The name on the command line and in every report: the port's.
    public var name: String { port.name }

    public var description: String { name }

    public static func == (lhs: Runtime, rhs: Runtime) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// `path` itself when it names no Swift file, else the file's folder.
    private static func folder(of path: String) -> String {
        guard path.hasSuffix(".swift"), let slash = path.lastIndex(of: "/") else { return path }
        return String(path[..<slash])
    }
}
