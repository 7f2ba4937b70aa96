import Verification
import Workload

/// What the 200-order delivery tests play: the phases in which responses
/// arrive, and the cart that checkout and the order need. The other phases
/// issue no request and begin and end with none pending, so no delivery
/// order can change them; leaving them out keeps 800 gated sessions fast.
@MainActor
enum ShuffledDeliveries {
    static let catalog = Catalog(scale: .small)
    static let script = Script(
        phases: Script(catalog: catalog).phases.filter { phase in
            phase.name == "cart" || phase.steps.contains { if case .deliver = $0 { true } else { false } }
        })

    static func run<Port: StorefrontPort>(_ port: Port.Type, shuffleSeed: UInt64? = nil) async throws
        -> AgreementGate.Report
    {
        try await AgreementGate.run(port, catalog: catalog, script: script, shuffleSeed: shuffleSeed)
    }
}
