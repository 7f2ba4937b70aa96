import Foundation
import StorefrontHarness
import Workload

/// The `storefront` command line: parses the arguments, answers `compare`
/// and the information flags, or gates, measures, reports and records, and
/// exits with the documented code (`ExitCode`).
public enum StorefrontCommand {
    /// Runs the command for this process's arguments over `lineup`, the
    /// runtimes it can gate and measure (`Runtime.builtIn`, and any a
    /// package adds); never returns.
    public static func main(lineup: [Runtime]) -> Never {
        Console.prepare()
        if let problem = lineupProblem(lineup) { fail("the lineup is not valid: \(problem)") }
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `compare` reads two finished results and measures nothing, so it
        // needs neither the options nor the main run loop below.
        if arguments.first == "compare" {
            CompareCommand.run(Array(arguments.dropFirst()))
        }
        if arguments.first == "pin-screens" {
            PinScreensCommand.run(Array(arguments.dropFirst()))
        }
        let options: Options
        do {
            options = try Options(arguments, lineup: lineup)
        } catch {
            fail("\(error)")
        }
        // Swift's async entry point drains the main actor on whatever thread
        // libdispatch picks once `dispatch_main` parks the main thread, so
        // MainActor work would hop threads and thread-exact counters would
        // miss it. A run loop on the main thread keeps every MainActor job
        // on this one thread.
        Task { @MainActor in await runTool(options) }
        RunLoop.main.run()
        fatalError("the main run loop returned; the tool exits from its own code")
    }

    /// Why `lineup` cannot be run, or nil: it must name someone, each
    /// runtime's name and each fault only once, since reports, regions and
    /// `--inject-fault` find them by name, and a graph adapter only for the
    /// runtime it drives, since its cases report under that name.
    static func lineupProblem(_ lineup: [Runtime]) -> String? {
        if lineup.isEmpty { return "it holds no runtime" }
        var names: Set<String> = []
        for runtime in lineup where !names.insert(runtime.name).inserted {
            return "two runtimes are named '\(runtime.name)'"
        }
        if let bad = lineup.first(where: { $0.name.isEmpty || $0.name.contains(where: { ",/ ".contains($0) }) }) {
            return "the runtime name '\(bad.name)' is empty or holds a comma, slash or space"
        }
        for runtime in lineup {
            if let graph = runtime.graph, graph.runtime != runtime.name {
                return "the runtime '\(runtime.name)' registers the graph adapter of '\(graph.runtime)'"
            }
        }
        var carried: [Fault: String] = [:]
        for runtime in lineup {
            for fault in runtime.faults {
                if let other = carried.updateValue(runtime.name, forKey: fault) {
                    return "both \(other) and \(runtime.name) declare the fault \(fault.rawValue)"
                }
            }
        }
        return nil
    }
}
