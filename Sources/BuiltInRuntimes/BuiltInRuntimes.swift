import CogPort
import MemoizedPort
import ObservablePort
import StateGraphPort
import Workload

extension Runtime {
    /// The runtimes this repository measures, in report order. A runtime
    /// joins by registering itself in its folder and taking a line here.
    public static let builtIn: [Runtime] = [.cog, .observable, .memoized, .stategraph]
}
