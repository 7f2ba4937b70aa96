import CMeasure
import Foundation
import Synchronization

/// Child processes that end with the tool that started them.
///
/// Foundation's `Process` starts a child in its own process group, so
/// Ctrl-C (SIGINT to the terminal's foreground group) reaches only the
/// tool: without more, a timing child ran on for half a minute and valgrind
/// for over a minute after the tool had gone, writing its profile into the
/// temporary folder. Two guards close that:
///
/// - in the tool, while a child runs, SIGINT, SIGTERM and SIGHUP kill the
///   child first; the thread waiting for it then removes what the child
///   wrote (`finish`'s cleanup) and ends the tool by the same signal, so
///   the shell sees the interrupt it sent;
/// - in the child, `endWithParent` has the kernel kill it when the tool
///   dies any other way (SIGKILL, a crash), which no handler can see.
///
/// One child at a time, started and awaited on one thread that lives as
/// long as the tool (the main thread): the kernel's parent-death signal
/// follows the thread that started the child.
public enum ChildProcesses {
    public static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Test hook: with this variable set, the tool sends itself the signal
    /// it names (`INT`, `TERM`, `HUP`) right after a child starts, and says
    /// the child's process ID on standard error first, so a test can
    /// interrupt each kind of run at a known point and look for leftovers.
    public static let testInterruptVariable = "STOREFRONT_TEST_INTERRUPT_AFTER_CHILD_START"

    /// In a child: ends this process when the tool that started it dies.
    /// Returns false when the tool is already gone (the caller should stop).
    public static func endWithParent() -> Bool {
        let parent = cmeasure_end_with_parent()
        return parent > 1
    }

    /// Starts `process`, configured but not yet run, so that an ending
    /// signal to this process kills it.
    public static func start(_ process: Process) throws {
        installHandlers
        try process.run()
        running.store(process.processIdentifier, ordering: .releasing)
        guard let signal = ProcessInfo.processInfo.environment[testInterruptVariable] else { return }
        FileHandle.standardError.write(Data("test hook: started child \(process.processIdentifier)\n".utf8))
        kill(getpid(), signal == "TERM" ? SIGTERM : signal == "HUP" ? SIGHUP : SIGINT)
    }

    /// After `process` has exited: when an ending signal killed it, runs
    /// `cleanup` (removing what the child wrote) and ends this process by
    /// that signal; otherwise returns.
    public static func finish(_ process: Process, cleanup: () -> Void = {}) {
        running.store(0, ordering: .releasing)
        let signal = interruption.load(ordering: .acquiring)
        guard signal != 0 else { return }
        cleanup()
        Foundation.signal(signal, SIG_DFL)
        raise(signal)
        // An ending signal whose default was overridden elsewhere: end anyway.
        exit(128 + signal)
    }

    /// The running child's process ID, or 0.
    private static let running = Atomic<Int32>(0)
    /// The ending signal that killed the running child, or 0.
    private static let interruption = Atomic<Int32>(0)

    private static let installHandlers: Void = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let child = ChildProcesses.running.load(ordering: .acquiring)
            guard child > 0 else {
                // No child: the signal's own default, as before any handler.
                Foundation.signal(signal, SIG_DFL)
                raise(signal)
                return
            }
            ChildProcesses.interruption.store(signal, ordering: .releasing)
            kill(child, SIGKILL)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for signal in endingSignals { sigaction(signal, &action, nil) }
    }()
}
