/// The small protocol that app operations extend: it carries `turn`,
/// `peek` and `refresh`, and both `Cogs` and a mechanism's controller adopt
/// it, so one op serves views, app code and mechanisms.
///
///     extension CogOps {
///         func selectCurrentLocation(_ zip: ZipCode) {
///             turn(_currentZipCog, to: zip)
///         }
///     }
///
/// `turn` is the only write entry point. One outer call is one graph turn,
/// named by the calling method (`#function`) unless a name is given.
@MainActor
public protocol CogOps {
    /// Runs `body` as a turn named `name`, or joins the turn in progress.
    func performTurn(named name: String, _ body: (CogWriter) -> Void)

    /// A one-time read: settles and returns the current value, tracking nothing.
    func peek<Reference: CogReadable>(_ reference: Reference) -> Reference.Value

    /// Starts a new generation of an async state and returns a handle that
    /// follows exactly that generation. Inside a turn, the generation is the
    /// one the turn's writes start: the refresh and the writes settle once.
    @discardableResult
    func refresh<Reference: CogStatusReadable>(_ reference: Reference) -> CogRefresh

    /// Releases one exact state the application is finished with (its
    /// Observation boundary included) as its own turn; see `Cogs.discard`.
    func discard<Reference: CogReadable>(_ reference: Reference)
}

extension CogOps {
    /// Groups related writes into one turn named after the calling method.
    public func turn(_ name: String = #function, _ body: (CogWriter) -> Void) {
        performTurn(named: name, body)
    }

    /// Writes one source in its own turn named after the calling method.
    @inlinable
    public func turn<Reference: CogWritable>(
        _ reference: Reference, to value: Reference.Value, name: String = #function
    ) {
        performTurn(named: name) { c in c[reference] = value }
    }
}
