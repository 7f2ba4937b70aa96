/// The benchmark's PRNG: sfc32 seeded with the first four outputs of the
/// xmur3a string hash, bit-exact with the JavaScript original.
public struct SeededRandom: Sendable {
    private var a: UInt32
    private var b: UInt32
    private var c: UInt32
    private var d: UInt32

    /// xmur3a over `seed`: returns a generator of 32-bit hash outputs.
    public static func hashOutputs(of seed: String, count: Int) -> [UInt32] {
        var h: UInt32 = 2_166_136_261
        for unit in seed.utf16 {
            var k = UInt32(unit) &* 3_432_918_353
            k = (k << 15) | (k >> 17)
            h ^= k &* 461_845_907
            h = (h << 13) | (h >> 19)
            h = h &* 5 &+ 3_864_292_196
        }
        h ^= UInt32(seed.utf16.count)
        var outputs: [UInt32] = []
        for _ in 0..<count {
            h ^= h >> 16
            h = h &* 2_246_822_507
            h ^= h >> 13
            h = h &* 3_266_489_909
            h ^= h >> 16
            outputs.append(h)
        }
        return outputs
    }

    public init(seed: String) {
        let state = Self.hashOutputs(of: seed, count: 4)
        (a, b, c, d) = (state[0], state[1], state[2], state[3])
    }

    /// The next number in [0, 1).
    public mutating func next() -> Double {
        var t = a &+ b
        a = b ^ (b >> 9)
        b = c &+ (c << 3)
        c = (c << 21) | (c >> 11)
        d = d &+ 1
        t = t &+ d
        c = c &+ t
        return Double(t) / 4_294_967_296
    }
}
