// coglint-fixture: passes
import Cog

private let _weatherServiceCog = Cog<String>.Manual { "live" }
let weatherServiceCog = _weatherServiceCog.readOnly

private let _weatherReportCogs = CogBox<Int?, String>.Manual { _ in nil }
let weatherReportCogs = _weatherReportCogs.readOnly

// An underscored source that is never projected is fine.
private let _draftNoteCogs = CogBox<String, Int>.Manual { _ in "" }
