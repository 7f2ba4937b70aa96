import Foundation
import Synchronization

/// Holds SIGINT, SIGTERM and SIGHUP back while a record is written, so that
/// an interrupt takes effect after the write, never halfway through it.
///
/// Blocking them on the writing thread is not enough on its own: a signal
/// sent to the process (Ctrl-C, `kill`) goes to any thread that does not
/// block it, and this process runs threads it did not start (Foundation's
/// among them) that block nothing, where the default action would end the
/// process mid-write. So for the same window each of these signals gets a
/// handler that forwards it to the writing thread, where it waits, blocked,
/// until the write is done and the previous handling is back in place.
enum Interrupts {
    static let heldSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` with the signals held back; one that arrives meanwhile
    /// is delivered, with the handling it had before, once `body` returns.
    /// One thread at a time: the tool writes from the main actor.
    static func heldBack<T>(during body: () throws -> T) rethrows -> T {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in heldSignals { sigaddset(&blocked, signal) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
        writingThread.store(pthread_self(), ordering: .releasing)

        var forwarding = sigaction()
        forwarding.__sigaction_handler.sa_handler = { signal in
            _ = pthread_kill(Interrupts.writingThread.load(ordering: .acquiring), signal)
        }
        forwarding.sa_mask = blocked
        forwarding.sa_flags = SA_RESTART
        var previousActions: [sigaction] = Array(repeating: sigaction(), count: heldSignals.count)
        for (index, signal) in heldSignals.enumerated() { sigaction(signal, &forwarding, &previousActions[index]) }
        defer {
            // The previous handling first, then the unblocking, so that a
            // held-back signal meets the handling it was sent to.
            for (index, signal) in heldSignals.enumerated() { sigaction(signal, &previousActions[index], nil) }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        return try body()
    }

    private static let writingThread = Atomic<pthread_t>(0)
}
