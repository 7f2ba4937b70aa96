import Synchronization

/// The simulated async service every port talks to, shaped like a real
/// network edge.
///
/// Nothing sleeps. A port's call runs off the main actor (`@concurrent`, as
/// `URLSession`'s async calls do) and suspends until the script delivers its
/// response; the caller then resumes off the main actor and pays the hop
/// back to its own actor that an app pays for every answer. Delivery then
/// waits for the port's acknowledgement that it applied or rejected the
/// response, so the harness always knows a delivery has been fully handled
/// before it looks at screens. The service delivers every response it was
/// asked for, cancelled or not: a cancelled or superseded caller must
/// reject it.
@MainActor
public final class StorefrontService {
    public enum Outcome: String, Sendable, Hashable {
        case applied, rejected
    }

    /// A request the service holds until the script delivers it.
    public struct Pending: Sendable, Hashable {
        /// Position in issue order, from 0.
        public var sequence: Int
        public var request: ServiceRequest

        public init(sequence: Int, request: ServiceRequest) {
            self.sequence = sequence
            self.request = request
        }
    }

    /// One line of the service's log: what was asked, and what came of it.
    public struct LogEntry: Sendable, Hashable, CustomStringConvertible {
        public var sequence: Int
        public var request: ServiceRequest
        public var outcome: Outcome?
        /// Whether a newer request for the same slot existed at delivery.
        public var superseded: Bool

        public var description: String {
            "#\(sequence) \(request) → \(outcome.map(\.rawValue) ?? "outstanding")\(superseded ? " (superseded)" : "")"
        }
    }

    /// What the edge holds between a request and its answer. Requests
    /// arrive on whatever thread the caller's work runs on, so the edge
    /// lives behind a lock, as a real client's request table does.
    private struct Edge: ~Copyable {
        var log: [LogEntry] = []
        var pendingRequests: [Pending] = []
        var waiting: [Int: CheckedContinuation<Result<Answer, ServiceFailure>, Never>] = [:]
        var newestSequence: [RequestSlot: Int] = [:]
        var issueWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

        /// Takes the harness's issue waiter once `log` has reached its count.
        mutating func takeSatisfiedWaiter() -> CheckedContinuation<Void, Never>? {
            guard let waiter = issueWaiter, log.count >= waiter.count else { return nil }
            issueWaiter = nil
            return waiter.continuation
        }
    }

    private nonisolated let catalog: Catalog
    private nonisolated let edge = Mutex(Edge())
    private var acknowledgement: CheckedContinuation<Outcome?, Never>?
    /// Deliveries the gate stopped waiting for; their late answers are dropped.
    private var abandonedDeliveries = 0

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    // MARK: Port side: off the main actor, like a network client's calls

    @concurrent
    public nonisolated func loadCatalog() async throws -> Catalog {
        guard case .catalog(let loaded) = try await send(.catalog) else { preconditionFailure("mismatched answer") }
        return loaded
    }

    @concurrent
    public nonisolated func productDetail(_ productID: Int) async throws -> String {
        guard case .text(let text) = try await send(.productDetail(productID)) else {
            preconditionFailure("mismatched answer")
        }
        return text
    }

    @concurrent
    public nonisolated func validateCoupon(_ code: String) async throws -> Coupon {
        guard case .coupon(let coupon) = try await send(.validateCoupon(code)) else {
            preconditionFailure("mismatched answer")
        }
        return coupon
    }

    @concurrent
    public nonisolated func shippingQuote(zip: String) async throws -> Int {
        guard case .cents(let cents) = try await send(.shippingQuote(zip: zip)) else {
            preconditionFailure("mismatched answer")
        }
        return cents
    }

    @concurrent
    public nonisolated func placeOrder(number: Int, totalCents: Int) async throws -> Int {
        guard case .cents(let confirmed) = try await send(.placeOrder(number: number, totalCents: totalCents)) else {
            preconditionFailure("mismatched answer")
        }
        return confirmed
    }

    /// Called by a port once it has applied or rejected the response it was
    /// just handed (or the failure it was just thrown).
    public func acknowledge(_ outcome: Outcome) {
        guard let acknowledgement else {
            // A delivery the gate stopped waiting for may still be answered.
            if abandonedDeliveries > 0 {
                abandonedDeliveries -= 1
                return
            }
            preconditionFailure("acknowledge(\(outcome)) without a delivery in progress")
        }
        self.acknowledgement = nil
        acknowledgement.resume(returning: outcome)
    }

    // MARK: Harness side

    public var log: [LogEntry] { edge.withLock { $0.log } }
    public var pending: [Pending] { edge.withLock { $0.pendingRequests } }
    public var issuedCount: Int { edge.withLock { $0.log.count } }
    public var outstandingCount: Int { edge.withLock { $0.pendingRequests.count } }

    /// Returns true once the port has issued at least `count` requests in
    /// all, signalled by the requests themselves. With `patience`, a port
    /// that never sends one cannot hang the session: when `patience` returns
    /// first, the wait stops and returns false so the gate can name the
    /// missing request. Timed runs pass none: the gate has already shown the
    /// port sends every request, and a watchdog would land in the measurement.
    @discardableResult
    public func waitUntilIssued(_ count: Int, patience: Patience? = nil) async -> Bool {
        guard issuedCount < count else { return true }
        let watchdog = patience.map { patience in
            Task { [weak self] in
                await patience()
                guard !Task.isCancelled else { return }
                self?.stopWaitingForRequests()
            }
        }
        await withCheckedContinuation { continuation in
            // A request may have arrived since the check above.
            let satisfied = edge.withLock { edge in
                edge.issueWaiter = (count, continuation)
                return edge.takeSatisfiedWaiter()
            }
            satisfied?.resume()
        }
        watchdog?.cancel()
        return issuedCount >= count
    }

    /// What a watchdog waits for before it gives up on a port: the gate
    /// passes a generous sleep (a port's own tasks answer long before it);
    /// tests of ports that never answer pass one that returns at once.
    public typealias Patience = @MainActor @Sendable () async -> Void

    private func stopWaitingForRequests() {
        let waiter = edge.withLock { edge in
            defer { edge.issueWaiter = nil }
            return edge.issueWaiter?.continuation
        }
        waiter?.resume()
    }

    /// Hands the pending request `sequence` its answer and returns the
    /// port's outcome once it has handled it. With `patience` (the gate's
    /// runs), a port that never acknowledges cannot hang the session: when
    /// `patience` returns first, the delivery returns nil.
    @discardableResult
    public func deliver(_ sequence: Int, patience: Patience? = nil) async -> Outcome? {
        let (request, caller) = edge.withLock { edge in
            guard let index = edge.pendingRequests.firstIndex(where: { $0.sequence == sequence }),
                let caller = edge.waiting.removeValue(forKey: sequence)
            else {
                preconditionFailure("request #\(sequence) is not pending")
            }
            let request = edge.pendingRequests.remove(at: index).request
            edge.log[sequence].superseded = edge.newestSequence[request.slot] != sequence
            return (request, caller)
        }
        let watchdog = patience.map { patience in
            Task { [weak self] in
                await patience()
                guard !Task.isCancelled, let self, let waiting = self.acknowledgement else { return }
                self.acknowledgement = nil
                self.abandonedDeliveries += 1
                waiting.resume(returning: nil)
            }
        }
        let outcome = await withCheckedContinuation { continuation in
            acknowledgement = continuation
            caller.resume(returning: answer(to: request))
        }
        watchdog?.cancel()
        edge.withLock { $0.log[sequence].outcome = outcome }
        return outcome
    }

    // MARK: Answers

    private enum Answer: Sendable {
        case catalog(Catalog)
        case text(String)
        case coupon(Coupon)
        case cents(Int)
    }

    /// Registers `request` at the edge and suspends until the harness
    /// delivers its answer; runs on the caller's (non-main) executor.
    private nonisolated func send(_ request: ServiceRequest) async throws -> Answer {
        let result = await withCheckedContinuation { continuation in
            let issued = edge.withLock { edge in
                let sequence = edge.log.count
                edge.log.append(LogEntry(sequence: sequence, request: request, outcome: nil, superseded: false))
                edge.newestSequence[request.slot] = sequence
                edge.pendingRequests.append(Pending(sequence: sequence, request: request))
                edge.waiting[sequence] = continuation
                return edge.takeSatisfiedWaiter()
            }
            issued?.resume()
        }
        return try result.get()
    }

    private nonisolated func answer(to request: ServiceRequest) -> Result<Answer, ServiceFailure> {
        switch request {
        case .catalog: .success(.catalog(catalog))
        case .productDetail(let id): ServiceAnswers.detail(for: id).map(Answer.text)
        case .validateCoupon(let code): ServiceAnswers.coupon(for: code).map(Answer.coupon)
        case .shippingQuote(let zip): ServiceAnswers.quote(for: zip).map(Answer.cents)
        case .placeOrder(let number, _): .success(.cents(number))
        }
    }
}
