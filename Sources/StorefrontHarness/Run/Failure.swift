import Foundation

/// Ends the process with `message` on stderr and `code`.
package func fail(_ message: String, code: ExitCode = .failure) -> Never {
    Console.error("storefront: \(message)\n")
    exit(code.rawValue)
}

/// Ends a run that did what it was asked: exit 0, or `outputFailed` when a
/// write to stdout or stderr failed along the way (said on stderr, if that
/// still takes it).
package func succeed() -> Never {
    if let stream = Console.failure {
        Console.error(
            "storefront: writing to \(stream) failed (closed, full or a broken pipe), so part of the output is "
                + "lost; everything else the run was asked for was done\n")
        exit(ExitCode.outputFailed.rawValue)
    }
    exit(ExitCode.ok.rawValue)
}
