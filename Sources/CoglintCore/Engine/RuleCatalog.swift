/// The enabled rules, in the order their articles are listed, and where
/// each one's article lives.
public enum RuleCatalog {
    public static let rules: [any Rule] = [
        CogDeclarationSuffix(),
        NoCogsInViewInit(),
        PrimitivesOnlyInOps(),
        InitialStateInMechanism(),
        ManualCogPrivate(),
        NoMultiReadCogsHelper(),
        ManualCogUnderscore(),
        TrackedBindingAdapters(),
    ]

    /// Where Cog's DocC archive is published. The host is a placeholder
    /// until the archive is hosted; the path below it is exactly what DocC
    /// gives each article of `Cog.docc`, which a test checks against the
    /// built archive (LINT-22).
    public static let documentationRoot = "https://cog.invalid/documentation/cog/"

    public static func helpURL(for slug: String) -> String {
        documentationRoot + slug
    }

    public static func rule(named slug: String) -> (any Rule)? {
        rules.first { $0.slug == slug }
    }
}
