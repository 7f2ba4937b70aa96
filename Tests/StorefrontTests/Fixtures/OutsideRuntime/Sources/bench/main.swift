import BuiltInRuntimes
import ReducerPort
import StorefrontCommand
import Workload

StorefrontCommand.main(lineup: Runtime.builtIn + [.reducer])
