import Foundation
import Measure
import Testing

/// The growth suite's fit on synthetic costs of known growth: the slope,
/// its interval and the class each must come out as.
struct GrowthFitTests {
    static let sizes: [Double] = [300, 1_000, 3_000, 10_000, 30_000, 100_000]

    /// Forty samples per size of `cost(size)`, each off by up to ±10%
    /// (a seeded generator, so the test is the same every run).
    static func noisy(_ cost: (Double) -> Double) -> [[Double]] {
        var generator = SplitMix64(seed: 42)
        return sizes.map { size in
            (0..<40).map { _ in
                let jitter = Double(generator.next() % 2_001) / 10_000 - 0.1
                return cost(size) * (1 + jitter)
            }
        }
    }

    @Test("a flat, a linear and a quadratic timed cost are each classified right")
    func timedClasses() throws {
        let flat = try #require(GrowthFit(sizes: Self.sizes, samples: Self.noisy { _ in 20_000 }))
        let linear = try #require(GrowthFit(sizes: Self.sizes, samples: Self.noisy { 40 * $0 }))
        let quadratic = try #require(GrowthFit(sizes: Self.sizes, samples: Self.noisy { $0 * $0 / 100 }))
        #expect(abs(flat.slope) < 0.03)
        #expect(abs(linear.slope - 1) < 0.03)
        #expect(abs(quadratic.slope - 2) < 0.03)
        for (fit, expected) in [
            (flat, GrowthFit.GrowthClass.flat), (linear, .linear), (quadratic, .superlinear),
        ] {
            #expect(fit.growthClass == expected)
            #expect(fit.supportedClasses == [expected], "\(fit)")
            #expect(fit.classLabel == expected.rawValue)
            #expect(fit.low <= fit.slope && fit.slope <= fit.high)
            #expect(fit.high - fit.low < 0.1, "ten percent noise leaves the slope well pinned: \(fit)")
        }
    }

    @Test("a square-root cost is sublinear, and a cost with a fixed part grows faster at the largest sizes")
    func sublinearAndFixedCost() throws {
        let root = try #require(GrowthFit(sizes: Self.sizes, samples: Self.noisy { 100 * $0.squareRoot() }))
        #expect(root.growthClass == .sublinear)
        #expect(abs(root.slope - 0.5) < 0.03)
        // 50 µs fixed plus 10 ns per product: the whole range reads
        // sublinear, the largest three sizes nearly linear.
        let cost = { (size: Double) in 50_000 + 10 * size }
        let whole = try #require(GrowthFit(sizes: Self.sizes, exact: Self.sizes.map(cost)))
        let largest = try #require(GrowthFit(sizes: Array(Self.sizes.suffix(3)), exact: Self.sizes.suffix(3).map(cost)))
        #expect(whole.slope < largest.slope)
        #expect(largest.growthClass == .linear)
    }

    @Test("exact costs on a line fit with no width; zeros are flat; mixed zeros have no fit")
    func exactCosts() throws {
        let linear = try #require(GrowthFit(sizes: Self.sizes, exact: Self.sizes.map { 3 * $0 }))
        #expect(abs(linear.slope - 1) < 1e-9)
        #expect(abs(linear.high - linear.low) < 1e-9)
        #expect(abs(linear.cost(at: 2_000) - 6_000) < 1e-6)
        let none = try #require(GrowthFit(sizes: Self.sizes, exact: Self.sizes.map { _ in 0 }))
        #expect(none.slope == 0 && none.growthClass == .flat)
        #expect(GrowthFit(sizes: Self.sizes, exact: [0, 1, 2, 3, 4, 5]) == nil)
        #expect(GrowthFit(sizes: [1, 2], exact: [1, 2]) == nil, "two sizes make no slope worth an interval")
        // A noisy count's interval comes from the residuals and widens with them.
        let bumpy = try #require(GrowthFit(sizes: Self.sizes, exact: [1, 5, 2, 9, 3, 12]))
        #expect(bumpy.high - bumpy.low > 0.2)
    }

    @Test("two fitted lines meet where their costs are equal")
    func crossing() throws {
        // 1000·√n and n meet at n = 10^6.
        let root = try #require(GrowthFit(sizes: Self.sizes, exact: Self.sizes.map { 1_000 * $0.squareRoot() }))
        let linear = try #require(GrowthFit(sizes: Self.sizes, exact: Self.sizes))
        let meet = try #require(root.crossing(with: linear))
        #expect(abs(meet - 1_000_000) / 1_000_000 < 1e-6)
        #expect(linear.crossing(with: linear) == nil)
    }
}
