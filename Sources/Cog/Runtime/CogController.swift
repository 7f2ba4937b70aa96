/// What a mechanism (or a scope's body) receives as `m`: ops, reactions,
/// watches, tasks and scopes, all owned by one named lifetime.
///
/// Retirement (a scope closing, or the runtime being torn down) revokes
/// the controller's graph access: its turns are inert, registrations do
/// nothing, `task` returns an already-cancelled task, and its reactions
/// never run again. A value-producing read through a retired controller
/// traps, naming the scope.
///
/// A controller holds its runtime weakly: the runtime owns its
/// controllers, never the reverse, so dropping the last reference to a
/// `Cogs` tears it down even while an engine still holds a controller.
@MainActor
public final class CogController: CogOps {
    /// The runtime, while it lives; nil once it was torn down.
    private weak var runtime: Cogs?
    /// The composed name: `Weather`, or `Weather.session` for a scope.
    public let name: String
    public private(set) var isLive = true
    private var reactionNodes: [Int32] = []
    /// Each reaction's body, in a box its node calls without owning it:
    /// dropping the box after retirement releases what the body captured
    /// (MECH-31).
    private var reactionBodies: [ReactionBody] = []
    private var tasks: [Task<Void, Never>] = []
    private var children: [CogController] = []
    /// The controller whose scope opened this one; nil for a mechanism's.
    private weak var parent: CogController?

    init(cogs: Cogs, name: String) {
        self.runtime = cogs
        self.name = name
    }

    /// The runtime for a value-producing call; traps once retired or torn down.
    var cogs: Cogs {
        guard let runtime else {
            fatalError(
                "Cog: '\(name)' was used after its runtime was torn down. "
                    + "Its Cogs no longer exists; use m.ifLive { ... } for a call that may come after teardown."
            )
        }
        return runtime
    }

    // MARK: CogOps

    public func performTurn(named name: String, _ body: (CogWriter) -> Void) {
        guard isLive, let runtime else { return }
        runtime.performTurn(named: name, owner: self, body)
    }

    /// Runs `body` as a turn named `name`, or joins the turn in progress.
    /// Requested during a flush (from a reaction), the turn waits for its
    /// place in the FIFO with its body: the body runs there, after the
    /// turns ahead and their reactions, reading settled values, and not at
    /// all if this controller retired first (MECH-29). The body is stored,
    /// so what it captures is boxed once per call; an op's turn (through
    /// `CogOps`) is not, and runs its body at once against a capture.
    public func turn(_ name: String = #function, _ body: @escaping (CogWriter) -> Void) {
        guard isLive, let runtime else { return }
        runtime.performStoredTurn(named: name, owner: self, body)
    }

    /// Writes one source in its own turn, which waits for its FIFO place
    /// when requested during a flush (see `turn(_:_:)`).
    public func turn<Reference: CogWritable>(
        _ reference: Reference, to value: Reference.Value, name: String = #function
    ) {
        guard isLive, let runtime else { return }
        // Only a turn that waits forms the storable closure (and its box).
        if runtime.isFlushing {
            runtime.performStoredTurn(named: name, owner: self) { c in c[reference] = value }
        } else {
            runtime.performTurn(named: name, owner: self) { c in c[reference] = value }
        }
    }

    /// Whether this controller is `other` or one of the scopes it opened
    /// opened it, so that retiring this one retires `other` too.
    func isSelfOrAncestor(of other: CogController) -> Bool {
        var current: CogController? = other
        while let controller = current {
            if controller === self { return true }
            current = controller.parent
        }
        return false
    }

    /// Discards `reference`'s state (see `Cogs.discard`). Inert once this
    /// controller retired, like a turn; queued during a flush, it is
    /// rejected at its execution point if this controller retired first.
    public func discard<Reference: CogReadable>(_ reference: Reference) {
        guard isLive, let runtime else { return }
        runtime.discard(reference, owner: self)
    }

    public func peek<Reference: CogReadable>(_ reference: Reference) -> Reference.Value {
        ensureLive("peek")
        return cogs.peek(reference)
    }

    /// Starts a new generation of an async state (see `Cogs.refresh`).
    @discardableResult
    public func refresh<Reference: CogStatusReadable>(_ reference: Reference) -> CogRefresh {
        ensureLive("refresh")
        return cogs.refresh(reference, owner: self)
    }

    /// The status lens for one-time reads through this controller.
    public var status: CogControllerStatusLens { CogControllerStatusLens(controller: self) }

    /// Performs `body` while the controller is live; nil once retired (or
    /// once its runtime was torn down).
    public func ifLive<Result>(_ body: () -> Result) -> Result? {
        isLive && runtime != nil ? body() : nil
    }

    func ensureLive(_ operation: String) {
        guard runtime != nil else {
            fatalError(
                "Cog: \(operation) through the controller of '\(name)' after its runtime was torn down. "
                    + "Its Cogs no longer exists; use m.ifLive { ... } for a call that may come after teardown."
            )
        }
        guard isLive else {
            fatalError(
                "Cog: \(operation) through the retired controller of '\(name)'. Its scope has ended; "
                    + "use m.ifLive { ... } for a read that may come after retirement."
            )
        }
    }

    // MARK: Registrations

    /// Registers a reaction: it runs once now (or, during a flush, at the
    /// tail of that flush's reactions) to learn what it reads, then again
    /// after each turn that changed something it read. Writes go through
    /// ops and become later turns.
    public func run(
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @MainActor (inout CogReactionReader) -> Void
    ) {
        guard isLive, let runtime else { return }
        let label = "\(self.name).\(name ?? "\(fileID):\(line)")"
        let box = ReactionBody(body)
        reactionBodies.append(box)
        reactionNodes.append(runtime.registerReaction(named: label, box))
    }

    /// Calls `body` with the old and new value each time `reference` changes.
    public func watch<Reference: CogReadable>(
        _ reference: Reference,
        initial: CogWatchInitial = .skip,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @MainActor (_ old: Reference.Value?, _ new: Reference.Value) -> Void
    ) {
        var last: Reference.Value?
        var first = true
        run(name: name, fileID: fileID, line: line) { c in
            let value = c[reference]
            defer {
                last = value
                first = false
            }
            if first {
                if initial == .run { body(nil, value) }
                return
            }
            body(last, value)
        }
    }

    /// Starts a task owned by this lifetime; retirement cancels it. A retired
    /// controller returns an already-cancelled task whose operation never starts.
    /// The task is named under this controller, as a reaction is
    /// (`Weather.hourlyRefresh`; `file:line` when unnamed), so a debugger or
    /// profiler shows whose it is (MECH-05).
    @discardableResult
    public func task(
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ operation: @escaping @MainActor (CogController) async -> Void
    ) -> Task<Void, Never> {
        guard isLive, runtime != nil else {
            let inert = Task<Void, Never> {}
            inert.cancel()
            return inert
        }
        let task = Task(name: "\(self.name).\(name ?? "\(fileID):\(line)")") { [self] in
            guard !Task.isCancelled, isLive else { return }
            await operation(self)
        }
        tasks.append(task)
        return task
    }

    /// A child lifetime open while `condition` reads true: `body` runs with a
    /// fresh child controller each time it becomes true, and the child
    /// retires (its reactions stop, its tasks are cancelled) when it turns false.
    public func scope<Condition: CogReadable>(
        _ condition: Condition,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @MainActor (CogController) -> Void
    ) where Condition.Value == Bool {
        scope(identity: condition, map: { $0 ? true : nil }, name: name, fileID: fileID, line: line) { child, _ in
            body(child)
        }
    }

    /// A child lifetime per selected identity: nil opens nothing, a new
    /// identity retires the old child and opens a fresh one, and an equal
    /// identity keeps the child.
    public func scope<Condition: CogReadable, Identity: Equatable>(
        _ identity: Condition,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @MainActor (CogController, Identity) -> Void
    ) where Condition.Value == Identity? {
        scope(identity: identity, map: { $0 }, name: name, fileID: fileID, line: line, body)
    }

    /// One child lifetime per identity in a collection, reconciled by
    /// membership: new members open, removed members retire, the rest stay.
    public func scope<Condition: CogReadable, Identity: Hashable>(
        each collection: Condition,
        name: String? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: @escaping @MainActor (CogController, Identity) -> Void
    ) where Condition.Value: Collection, Condition.Value.Element == Identity {
        guard isLive, runtime != nil else { return }
        let scopeName = "\(self.name).\(name ?? "\(fileID):\(line)")"
        var open: [Identity: CogController] = [:]
        run(name: name, fileID: fileID, line: line) { [unowned self] c in
            let members = c[collection]
            var seen = Set<Identity>()
            for member in members where !seen.insert(member).inserted {
                fatalError("Cog: scope '\(scopeName)' was given the identity \(member) twice in one collection.")
            }
            for (member, child) in open where !seen.contains(member) {
                child.retire()
                open[member] = nil
            }
            for member in members where open[member] == nil {
                let child = makeChild(named: "\(scopeName)[\(member)]")
                open[member] = child
                body(child, member)
            }
        }
    }

    private func scope<Condition: CogReadable, Identity: Equatable>(
        identity: Condition,
        map: @escaping @MainActor (Condition.Value) -> Identity?,
        name: String?,
        fileID: String,
        line: Int,
        _ body: @escaping @MainActor (CogController, Identity) -> Void
    ) {
        guard isLive, runtime != nil else { return }
        let scopeName = "\(self.name).\(name ?? "\(fileID):\(line)")"
        var current: (identity: Identity, child: CogController)?
        run(name: name, fileID: fileID, line: line) { [unowned self] c in
            let selected = map(c[identity])
            if let current, let selected, current.identity == selected { return }
            current?.child.retire()
            current = nil
            guard let selected else { return }
            let child = makeChild(named: scopeName)
            current = (selected, child)
            body(child, selected)
        }
    }

    private func makeChild(named name: String) -> CogController {
        let child = CogController(cogs: cogs, name: name)
        child.parent = self
        children.removeAll { !$0.isLive }
        children.append(child)
        return child
    }

    /// Revokes this controller and every descendant: reactions never run
    /// again, tasks are cancelled, later calls are inert. Safe to repeat.
    ///
    /// Two passes: first the whole subtree becomes inert, then each
    /// controller's registrations are released. Releasing a body's captures
    /// can run application code (a deinitializer); by then every sibling and
    /// descendant already reports not live, registers nothing and writes
    /// nothing (MECH-31).
    func retire() {
        guard isLive else { return }
        markRetired()
        releaseRegistrations(in: runtime)
    }

    /// Pass one: this controller and every descendant stop.
    func markRetired() {
        isLive = false
        for child in children { child.markRetired() }
    }

    /// Pass two: reactions detach and drop their bodies, tasks are
    /// cancelled, children are released. With no runtime (teardown), only
    /// the bodies and tasks are let go.
    func releaseRegistrations(in runtime: Cogs?) {
        let children = self.children
        self.children.removeAll()
        for child in children { child.releaseRegistrations(in: runtime) }
        let nodes = reactionNodes
        let bodies = reactionBodies
        reactionNodes.removeAll()
        reactionBodies.removeAll()
        if let runtime {
            for node in nodes { runtime.retireReaction(node) }
            runtime.keepBodiesWhileRunning(bodies)
        }
        let tasks = self.tasks
        self.tasks.removeAll()
        for task in tasks { task.cancel() }
        // Unless the runtime kept them for now, the bodies go here.
        _ = consume bodies
    }

    /// How many reactions this controller and its live descendants own.
    var registrationCount: Int {
        reactionNodes.count + children.reduce(0) { $0 + $1.registrationCount }
    }
}

/// A reaction's body, released when its controller retires.
@MainActor
final class ReactionBody {
    /// A constant, so a run calls it without retaining it.
    let body: @MainActor (inout CogReactionReader) -> Void

    init(_ body: @escaping @MainActor (inout CogReactionReader) -> Void) {
        self.body = body
    }
}

/// `m.status`: one-time status reads through a controller.
@MainActor
public struct CogControllerStatusLens {
    let controller: CogController

    public func peek<Reference: CogStatusReadable>(_ reference: Reference) -> CogStatus<Reference.Value> {
        controller.ensureLive("status.peek")
        return controller.cogs.status.peek(reference)
    }
}
