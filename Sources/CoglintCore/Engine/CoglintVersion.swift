/// The linter's version, part of the cache fingerprint: bump it whenever a
/// rule's behaviour changes, so cached diagnostics are never stale.
public enum CoglintVersion {
    public static let current = "0.1.0"
}
