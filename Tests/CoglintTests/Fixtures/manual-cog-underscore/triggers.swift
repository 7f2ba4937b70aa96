// coglint-fixture: triggers
// expect: 8:13 manual-cog-underscore
// expect: 10:5 manual-cog-underscore
// expect: 11:5 manual-cog-underscore
// expect: 15:24 manual-cog-underscore
import Cog

private let zipCog = Cog<String?>.Manual { nil }
private let _weatherReportCogs = CogBox<Int?, String>.Manual { _ in nil }
let reportCogs = _weatherReportCogs.readOnly
let _noteCog = _noteSourceCog.readOnly
private let _noteSourceCog = Cog<String>.Manual { "" }

struct Settings {
    private static var unitsCog: Cog<Int>.Manual = .init { 0 }
}
