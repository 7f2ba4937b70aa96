/// The tool's exit codes, as documented in --help and the README.
package enum ExitCode: Int32 {
    case ok = 0
    /// A usage or runtime error, or a calibration count mismatch.
    case failure = 1
    /// A port failed the agreement gate.
    case gateFailed = 2
    /// A threshold was crossed or a baseline comparison regressed.
    case regression = 3
    /// The named baseline does not exist.
    case baselineMissing = 4
    /// The report, or a message, could not be written to stdout or stderr
    /// (closed, full, a broken pipe); anything a record wrote was finished.
    case outputFailed = 5
}
