/// Production assembly: the one app runtime per process.
extension Cogs {
    /// The runtime `assemble` returned, while it is installed.
    private static var assembledIdentity: ObjectIdentifier?

    /// Creates the app's one runtime. Call it once at launch and keep the
    /// result for the life of the app; a second call traps in every build.
    ///
    /// Each mechanism's `operate` runs synchronously, in list order, before
    /// this returns; two mechanisms with one name stop assembly.
    public static func assemble(mechanisms: [any Mechanism]) -> Cogs {
        if assembledIdentity != nil {
            fatalError(
                "Cog is already assembled: Cogs.assemble(mechanisms:) runs once per process. "
                    + "Keep the Cogs it returned and read it from the environment instead of assembling again."
            )
        }
        let cogs = Cogs()
        assembledIdentity = ObjectIdentifier(cogs)
        cogs.start(mechanisms)
        return cogs
    }

    /// Starts `mechanisms` in list order, each with its own named controller.
    package func start(_ mechanisms: [any Mechanism]) {
        var names = Set(self.mechanisms.map(\.name))
        for mechanism in mechanisms where !names.insert(mechanism.name).inserted {
            fatalError(
                "Cog: two mechanisms in one assembly share the name '\(mechanism.name)'. "
                    + "Give one of them a distinct name."
            )
        }
        for mechanism in mechanisms {
            let controller = CogController(cogs: self, name: mechanism.name)
            self.mechanisms.append(mechanism)
            controllers.append(controller)
            mechanism.operate(controller)
        }
    }

    /// A live controller whose registrations order after every mechanism's.
    package func makeController(named name: String) -> CogController {
        let controller = CogController(cogs: self, name: name)
        controllers.append(controller)
        return controller
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
