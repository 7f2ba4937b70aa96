/// Runs `body` on the main actor through `Task.immediate`, as the original's
/// `withMainActor` does where its OS 26 availability check holds (always on
/// Linux).
///
/// Every call creates a Task: from code already on the main actor the body
/// runs at once, synchronously; from any other thread it is enqueued. Stored
/// writes make two of these (willSet, didSet) and a computed that becomes
/// dirty makes one.
func withMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    Task.immediate { @MainActor in
        body()
    }
}
