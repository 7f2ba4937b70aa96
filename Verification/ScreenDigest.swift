import Workload

/// A stable 64-bit FNV-1a digest over every rendered screen at every
/// checkpoint. It hashes the screens' canonical text, so it depends on
/// neither Swift's per-process hash seed nor the machine.
public struct ScreenDigest: Sendable, Hashable, CustomStringConvertible {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    mutating func add(checkpoint: String, views: [ViewID], screens: [ViewID: Screen]) {
        add(checkpoint)
        for view in views {
            add("\(view)=\(screens[view].map { String(describing: $0) } ?? "missing")")
        }
    }

    private mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        value ^= 0xFF
        value &*= 0x0000_0100_0000_01B3
    }

    public var description: String { Self.hex(value) }

    /// The digest of one screen's canonical text.
    static func of(_ screen: Screen) -> UInt64 {
        var digest = ScreenDigest()
        digest.add(String(describing: screen))
        return digest.value
    }

    /// `value` as sixteen hex digits.
    static func hex(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
