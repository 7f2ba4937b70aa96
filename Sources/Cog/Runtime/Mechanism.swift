/// An app-wide owner of side effects, listed at assembly.
///
///     struct WeatherAlertMechanism: Mechanism {
///         let notifier: Notifier
///         func operate(_ m: CogController) {
///             m.run { c in
///                 if c[isNiceOutsideHereCog] { notifier.alert("It is nice outside!") }
///             }
///         }
///     }
///
/// `Cogs.assemble(mechanisms:)` calls each `operate` synchronously, in list
/// order, with a controller named after the mechanism. Declaring a mechanism
/// does nothing by itself; only a listed mechanism runs.
@MainActor
public protocol Mechanism {
    /// The name registrations compose under. Defaults to the type name with
    /// a trailing "Mechanism" dropped.
    var name: String { get }

    /// Registers the mechanism's reactions, watches, tasks and scopes.
    func operate(_ m: CogController)
}

extension Mechanism {
    public var name: String {
        let typeName = String(describing: type(of: self))
        return typeName.hasSuffix("Mechanism") && typeName != "Mechanism"
            ? String(typeName.dropLast("Mechanism".count)) : typeName
    }
}

/// Whether `watch` calls its body at registration.
public nonisolated enum CogWatchInitial: Sendable {
    /// Only real changes call the body.
    case skip
    /// The body also runs once at registration, with no old value.
    case run
}
