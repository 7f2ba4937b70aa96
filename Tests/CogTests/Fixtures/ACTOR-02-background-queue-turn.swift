// expected-error: main actor-isolated
import Cog
import Dispatch

private let _countCog = Cog<Int>.Manual { 0 }

/// MainActor code hands the runtime to a background queue's closure, which
/// then tries a synchronous turn without hopping back to the MainActor.
@MainActor
func scheduleBackgroundWrite(_ cogs: Cogs) {
    DispatchQueue.global().async {
        cogs.turn(_countCog, to: 1)
    }
}
