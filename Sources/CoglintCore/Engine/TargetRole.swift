/// What kind of target a file belongs to. Tests may drive graph primitives
/// directly (LINT-09); everything else is production code.
public enum TargetRole: String, Sendable, CaseIterable, Codable {
    case production
    case test
}
