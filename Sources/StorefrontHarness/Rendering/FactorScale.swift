import Measure

/// How the results page colours a factor against the fastest port: by
/// size, in five bands from green (within 10% of the fastest) to red (4×
/// or more), the way js-framework-benchmark's table is read. A factor the
/// samples cannot tell from 1 (its interval includes 1) gets its own grey
/// band instead, so a reader never takes noise for a difference.
enum FactorScale {
    struct Band {
        /// The CSS class the page styles (`f0` … `f4`, `undecided`).
        let name: String
        /// Smallest factor in the band.
        let from: Double
        let label: String
        let colour: String
    }

    static let bands = [
        Band(name: "f0", from: 0, label: "1.00–1.09×", colour: "#b7e1a1"),
        Band(name: "f1", from: 1.10, label: "1.10–1.49×", colour: "#e4efa0"),
        Band(name: "f2", from: 1.50, label: "1.50–1.99×", colour: "#fde59a"),
        Band(name: "f3", from: 2.00, label: "2.00–3.99×", colour: "#fbbf87"),
        Band(name: "f4", from: 4.00, label: "≥ 4.00×", colour: "#f19a93"),
    ]

    static let undecided = Band(name: "undecided", from: 1, label: "≈ cannot be told from 1.00×", colour: "#e6e6e6")

    /// The colour of the band named `name` (a CSS class), for tests that
    /// check what the browser computed.
    static func colour(of name: String) -> String {
        (bands + [undecided]).first { $0.name == name }?.colour ?? ""
    }

    /// The band of a factor with no sampling interval (instructions, a
    /// geometric mean), or of a measured one.
    static func band(_ value: Double, verdict: String? = nil) -> Band {
        if verdict == PairedComparison.Verdict.undecided.rawValue { return undecided }
        // Rounded as shown, so a cell reading "1.10×" is never in the band below.
        let shown = (value * 100).rounded() / 100
        return bands.last { shown >= $0.from } ?? bands[0]
    }

    /// The page's cell for a factor against the fastest: the factor, its
    /// interval beneath, the band's class, and the factor and verdict as
    /// data attributes (what a test reads without parsing the text).
    static func cell(_ factor: Factor?) -> HTML.Cell {
        guard let factor, let value = factor.value else {
            return HTML.Cell(factor?.unavailable.map { "unavailable: \($0)" } ?? "–", classes: ["na"])
        }
        // The fastest port's factor against itself is exactly 1 with no
        // spread; it is the reference, not a factor the samples cannot tell.
        let fastest = factor.low == 1 && factor.high == 1
        let band = fastest ? bands[0] : band(value, verdict: factor.verdict)
        var html = (band.name == undecided.name ? "≈" : "") + String(format: "%.2f×", value)
        if !fastest, let low = factor.low, let high = factor.high {
            html += "<span class=\"interval\">" + String(format: "%.2f–%.2f", low, high) + "</span>"
        }
        return HTML.Cell(
            html: html, classes: ["factor", band.name] + (fastest ? ["fastest"] : []),
            attributes: [
                ("data-factor", String(format: "%.4f", value)),
                ("data-verdict", factor.verdict ?? ""),
            ])
    }

    /// A cell for a factor without an interval: an exact count's ratio, or
    /// a geometric mean of factors.
    static func cell(exact value: Double?) -> HTML.Cell {
        guard let value else { return HTML.Cell("–", classes: ["na"]) }
        return HTML.Cell(
            html: String(format: "%.2f×", value), classes: ["factor", band(value).name],
            attributes: [("data-factor", String(format: "%.4f", value))])
    }

    /// The legend that sits above the tables.
    static var legend: String {
        let entries = (bands + [undecided]).map { band in
            "<li><span class=\"swatch factor \(band.name)\"></span>\(HTML.escape(band.label))</li>"
        }
        return "<ul class=\"legend\" id=\"legend\">" + entries.joined() + "</ul>"
    }

    /// The bands' colours as CSS rules.
    static var css: String {
        (bands + [undecided]).map { ".factor.\($0.name) { background: \($0.colour); }" }.joined(separator: "\n")
    }
}
