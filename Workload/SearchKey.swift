/// Text normalised for search: lowercased, as UTF-8 bytes. A search index
/// normalises its keys once, when the data arrives, and its query once per
/// keystroke, so the per-product test is a plain byte comparison; doing
/// either per comparison would charge every port for work no app repeats
/// (a lowercased copy and a grapheme-aware `String.contains` cost about 13k
/// instructions a product, 85% of a session, before keys were normalised).
public struct SearchText: Sendable, Hashable {
    public let bytes: [UInt8]

    public init(_ text: String) {
        bytes = Array(text.lowercased().utf8)
    }

    @inlinable
    public var isEmpty: Bool { bytes.isEmpty }

    /// Whether `needle` occurs anywhere in this text.
    @inlinable
    public func contains(_ needle: SearchText) -> Bool {
        let haystack = bytes, pattern = needle.bytes
        guard pattern.count <= haystack.count else { return false }
        guard let first = pattern.first else { return true }
        var start = 0
        let lastStart = haystack.count - pattern.count
        while start <= lastStart {
            if haystack[start] == first && Self.matches(pattern, in: haystack, at: start) { return true }
            start += 1
        }
        return false
    }

    /// Whether this text starts with `prefix`.
    @inlinable
    public func hasPrefix(_ prefix: SearchText) -> Bool {
        prefix.bytes.count <= bytes.count && Self.matches(prefix.bytes, in: bytes, at: 0)
    }

    @inlinable
    static func matches(_ pattern: [UInt8], in haystack: [UInt8], at start: Int) -> Bool {
        for offset in pattern.indices where haystack[start + offset] != pattern[offset] { return false }
        return true
    }
}

/// A product's searchable text, normalised once when the catalog is made.
public struct SearchKey: Sendable, Hashable {
    public let name: SearchText
    public let tags: [SearchText]

    public init(name: String, tags: [String]) {
        self.name = SearchText(name)
        self.tags = tags.map(SearchText.init)
    }
}
