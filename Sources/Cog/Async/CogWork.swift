/// The async work an async selector describes: `.run` for one value, or
/// `.stream` for a sequence whose every changed element is published.
///
/// All tracked reads happen in the selector, before the work starts, so no
/// dependency hides after an `await`. The work runs on the MainActor and
/// suspends at its `await`s.
public nonisolated struct CogWork<Value> {
    @usableFromInline let job: AsyncJob<Value>

    @usableFromInline init(job: AsyncJob<Value>) { self.job = job }

    /// One value: success publishes it, a throw publishes failure.
    @inlinable
    public static func run(_ body: @escaping @MainActor () async throws -> Value) -> CogWork {
        CogWork(job: .run(body))
    }

    /// A sequence: each element that differs from the current value is its
    /// own success turn; natural end publishes nothing; a throw publishes
    /// failure. `makeSequence` runs when Cog starts consuming a generation.
    @inlinable
    public static func stream<Sequence: AsyncSequence>(
        _ makeSequence: @escaping @MainActor () -> Sequence
    ) -> CogWork where Sequence.Element == Value {
        CogWork(
            job: .stream { deliver in
                var iterator = makeSequence().makeAsyncIterator()
                while let element = try await iterator.next(isolation: MainActor.shared) {
                    if !deliver(element) { return }
                }
            })
    }
}

/// One-shot work only: what the ordered policies accept, so a stream cannot
/// be queued, exhausted or merged (the type system says no).
public nonisolated struct CogRunWork<Value> {
    @usableFromInline let body: @MainActor () async throws -> Value

    @usableFromInline init(body: @escaping @MainActor () async throws -> Value) { self.body = body }

    /// One value: success publishes it, a throw publishes failure.
    @inlinable
    public static func run(_ body: @escaping @MainActor () async throws -> Value) -> CogRunWork {
        CogRunWork(body: body)
    }
}

/// The internal form of both work kinds.
@usableFromInline
nonisolated enum AsyncJob<Value> {
    case run(@MainActor () async throws -> Value)
    /// Iterates the sequence, handing each element to `deliver`; stops when
    /// `deliver` says the generation is no longer current.
    case stream(@MainActor (_ deliver: @MainActor (Value) -> Bool) async throws -> Void)
}

/// The one policy streams allow: `.latest`, the default.
public nonisolated struct CogLatestPolicy: Sendable {
    /// Cancel old work; only the newest generation may publish.
    public static let latest = CogLatestPolicy()
}

/// The policies for one-shot work when order matters more than speed.
public nonisolated struct CogOrderedPolicy: Sendable {
    @usableFromInline let policy: AsyncPolicy

    /// Run requests one at a time, in order.
    public static let queue = CogOrderedPolicy(policy: .queue)
    /// Finish the current run, coalesce changes meanwhile, then catch up once.
    public static let exhaustLatest = CogOrderedPolicy(policy: .exhaustLatest)
    /// Let runs overlap; each result is its own turn, in landing order.
    public static let merged = CogOrderedPolicy(policy: .merged)
}

@usableFromInline
nonisolated enum AsyncPolicy: Sendable {
    case latest, queue, exhaustLatest, merged
}
