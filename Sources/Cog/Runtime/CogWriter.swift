/// The write capability a turn body receives as `c`.
///
/// `c[source] = value` stages a write; reading a source through the writer
/// sees this turn's staged value, so `c[countCog] += 1` works. Other readers
/// keep seeing published values until the turn flushes. A writer is valid
/// only while its turn accumulates: use after that traps.
@MainActor
public struct CogWriter {
    @usableFromInline let cogs: Cogs
    @usableFromInline let turn: UInt64

    @usableFromInline
    init(cogs: Cogs, turn: UInt64) {
        self.cogs = cogs
        self.turn = turn
    }

    /// The staged or published value of a source, and the way to stage one.
    @inlinable
    public subscript<Reference: CogWritable>(reference: Reference) -> Reference.Value {
        get {
            cogs.writerRead(reference.cogReference, writer: turn)
        }
        nonmutating set {
            // A keyless source (the common `Cog.Manual`) skips the reference
            // and its key; the type test folds away where this is specialized.
            if Reference.self == Cog<Reference.Value>.Manual.self {
                cogs.writerWriteKeyless(
                    unsafeBitCast(reference, to: Cog<Reference.Value>.Manual.self).descriptor, value: newValue,
                    writer: turn)
                return
            }
            cogs.writerWrite(reference.manualCogReference, value: newValue, writer: turn)
        }
    }

    /// A read-only reference as the writer sees it: a source's staged value,
    /// or an automatic value settled from published state.
    @inlinable
    public subscript<Reference: CogReadable>(reference: Reference) -> Reference.Value {
        cogs.writerRead(reference.cogReference, writer: turn)
    }
}
