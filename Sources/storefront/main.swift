import Foundation
import Measure
import Workload

func fail(_ message: String, code: ExitCode = .failure) -> Never {
    FileHandle.standardError.write(Data("storefront: \(message)\n".utf8))
    exit(code.rawValue)
}

// `compare` reads two finished results and measures nothing, so it needs
// neither the options nor the main run loop below.
if CommandLine.arguments.dropFirst().first == "compare" {
    CompareCommand.run(Array(CommandLine.arguments.dropFirst(2)))
}

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)")
}

// Swift's async entry point drains the main actor on whatever thread
// libdispatch picks once `dispatch_main` parks the main thread, so MainActor
// work would hop threads and thread-exact counters would miss it. A run loop
// on the main thread keeps every MainActor job on this one thread.
Task { @MainActor in await runTool(options) }
RunLoop.main.run()
