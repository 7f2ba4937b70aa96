/// What `--seed N` varies: the catalog (names, categories, prices, ratings,
/// stock) and the order the service delivers responses in. The script's
/// actions stay as written, so the session still browses, carts and checks
/// out; only the data under it and the service's timing change. With no
/// seed the workload is the recorded one: the default catalog and the
/// scripted delivery order.
public struct WorkloadSeed: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(_ value: UInt64) { self.value = value }

    /// The catalog's seed: `value` mixed once, so that neighbouring seeds
    /// give unrelated catalogs rather than shifted copies of one stream.
    public var catalogSeed: UInt64 {
        var generator = SeededGenerator(seed: value ^ Catalog.defaultSeed)
        return generator.next()
    }

    /// The delivery shuffle's seed.
    public var shuffleSeed: UInt64 { value }

    public var description: String { "\(value)" }
}

extension Catalog {
    /// The catalog a run plays: the default one, or the seed's.
    public init(scale: Scale, seed: WorkloadSeed?) {
        self.init(scale: scale, seed: seed?.catalogSeed ?? Catalog.defaultSeed)
    }
}
