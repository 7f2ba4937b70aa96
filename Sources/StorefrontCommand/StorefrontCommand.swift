import Foundation
import StorefrontHarness

/// The `storefront` command line: parses the arguments, answers `compare`
/// and the information flags, or gates, measures, reports and records, and
/// exits with the documented code (`ExitCode`).
public enum StorefrontCommand {
    /// Runs the command for this process's arguments; never returns.
    public static func main() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `compare` reads two finished results and measures nothing, so it
        // needs neither the options nor the main run loop below.
        if arguments.first == "compare" {
            CompareCommand.run(Array(arguments.dropFirst()))
        }
        let options: Options
        do {
            options = try Options(arguments)
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
}
