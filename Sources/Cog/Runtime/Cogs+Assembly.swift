/// Production assembly: the one app runtime per process.
extension Cogs {
    /// The runtime `assemble` returned, while it is installed.
    private static var assembledIdentity: ObjectIdentifier?

    /// Creates the app's one runtime. Call it once at launch and keep the
    /// result for the life of the app; a second call traps in every build.
    ///
    /// Mechanisms are taken in their final position; starting them through a
    /// controller arrives with the mechanisms issue.
    public static func assemble(mechanisms: [any Mechanism]) -> Cogs {
        if assembledIdentity != nil {
            fatalError(
                "Cog is already assembled: Cogs.assemble(mechanisms:) runs once per process. "
                    + "Keep the Cogs it returned and read it from the environment instead of assembling again."
            )
        }
        let cogs = Cogs()
        assembledIdentity = ObjectIdentifier(cogs)
        return cogs
    }

    /// Whether `cogs` is the installed production runtime.
    package static func isAssembled(_ cogs: Cogs) -> Bool {
        assembledIdentity == ObjectIdentifier(cogs)
    }

    /// Clears the production slot; only the scoped CogTesting fixture calls it.
    package static func clearAssembly() {
        assembledIdentity = nil
    }
}
