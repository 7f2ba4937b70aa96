import BuiltInRuntimes
import StorefrontCommand
import Workload

StorefrontCommand.main(lineup: Runtime.builtIn)
