/// An app-wide owner of side effects, listed at assembly.
///
/// This is the minimal shape `Cogs.assemble(mechanisms:)` needs today: the
/// controller a mechanism receives, and starting mechanisms in array order,
/// arrive with reactions and mechanisms in a later issue. Until then a
/// mechanism is only a member of the assembly list.
@MainActor
public protocol Mechanism {}
