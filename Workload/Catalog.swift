/// One product of the catalog. Immutable once generated.
public struct Product: Sendable, Hashable {
    public let id: Int
    public let name: String
    public let category: Int
    public let basePriceCents: Int
    /// Rating in tenths of a star, 10...50.
    public let ratingTenths: Int
    /// Lowercased words a search can match by prefix.
    public let tags: [String]
    /// The name and tags normalised for search, once, when the catalog is made.
    public let searchKey: SearchKey
}

/// How big a session is: the three named sizes of `--scale`.
public enum Scale: String, CaseIterable, Sendable {
    case small, `default`, large

    public var size: CatalogSize {
        switch self {
        case .small: CatalogSize(products: 240, categories: 6)
        case .default: CatalogSize(products: 2_400, categories: 12)
        case .large: CatalogSize(products: 9_600, categories: 24)
        }
    }

    public var productCount: Int { size.products }
    public var categoryCount: Int { size.categories }
}

/// A catalog's dimensions: any size the script can play, not only the
/// named scales (the growth suite measures many).
public struct CatalogSize: Sendable, Hashable {
    public let products: Int
    public let categories: Int

    /// The script names its products among the first page and near the
    /// end, and browses up to four categories, so it needs at least two
    /// pages of products and one category.
    public static let fewestProducts = 2 * Browsing.pageSize

    public init(products: Int, categories: Int) {
        precondition(
            products >= Self.fewestProducts && categories >= 1 && categories <= products,
            "a catalog needs at least \(Self.fewestProducts) products and between 1 category and one per product")
        self.products = products
        self.categories = categories
    }
}

/// The generated catalog and its starting stock: what the catalog request
/// of the simulated service returns.
public struct Catalog: Sendable {
    public static let defaultSeed: UInt64 = 0x5707_EF20_0000_0001

    public let size: CatalogSize
    public let products: [Product]
    public let initialStock: [Int]
    public var categoryCount: Int { size.categories }

    public init(scale: Scale, seed: UInt64 = Catalog.defaultSeed) {
        self.init(size: scale.size, seed: seed)
    }

    public init(size: CatalogSize, seed: UInt64 = Catalog.defaultSeed) {
        self.size = size
        var generator = SeededGenerator(seed: seed)
        var products: [Product] = []
        var stock: [Int] = []
        products.reserveCapacity(size.products)
        for id in 0..<size.products {
            let adjective = Self.adjectives[generator.int(in: 0...(Self.adjectives.count - 1))]
            let noun = Self.nouns[generator.int(in: 0...(Self.nouns.count - 1))]
            var tags = [Self.tagWords[generator.int(in: 0...(Self.tagWords.count - 1))]]
            if generator.int(in: 0...1) == 1 {
                let extra = Self.tagWords[generator.int(in: 0...(Self.tagWords.count - 1))]
                if extra != tags[0] { tags.append(extra) }
            }
            let name = "\(adjective) \(noun) \(id)"
            products.append(
                Product(
                    id: id,
                    name: name,
                    category: generator.int(in: 0...(size.categories - 1)),
                    basePriceCents: generator.int(in: 1...499) * 100 + Self.priceEndings[generator.int(in: 0...4)],
                    ratingTenths: generator.int(in: 10...50),
                    tags: tags,
                    searchKey: SearchKey(name: name, tags: tags)))
            // About one product in twelve starts sold out.
            stock.append(generator.int(in: 0...11) == 0 ? 0 : generator.int(in: 1...40))
        }
        self.products = products
        initialStock = stock
    }

    /// Shop prices end the way shop prices do. A price ending in 50 cents
    /// lands on a half cent under a 15% or 35% sale, so the rounding rule
    /// shows on screen.
    static let priceEndings = [99, 95, 50, 49, 0]

    static let adjectives = [
        "Amber", "Brisk", "Cedar", "Dusky", "Ember", "Frost", "Golden", "Harbor",
        "Indigo", "Juniper", "Kindred", "Lunar", "Maple", "Nimbus", "Olive", "Pine",
    ]
    static let nouns = [
        "Kettle", "Lantern", "Blanket", "Mug", "Backpack", "Notebook", "Sneaker", "Scarf",
        "Speaker", "Candle", "Teapot", "Jacket", "Bottle", "Clock", "Pillow", "Skillet",
    ]
    static let tagWords = [
        "outdoor", "kitchen", "travel", "gift", "eco", "classic", "compact", "premium",
        "cozy", "office", "sport", "handmade",
    ]
}
