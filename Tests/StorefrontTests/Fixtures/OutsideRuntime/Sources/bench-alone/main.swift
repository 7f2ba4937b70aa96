import ReducerPort
import StorefrontCommand
import Workload

StorefrontCommand.main(lineup: [.reducer])
