// coglint-fixture: triggers
// expect: 8:9 no-multi-read-cogs-helper
// expect: 13:10 no-multi-read-cogs-helper
// expect: 21:10 no-multi-read-cogs-helper
import Cog

extension Cogs {
    var isNiceOutsideHere: Bool {
        guard let zip = self[currentZipCog] else { return false }
        return self[isNiceOutsideCogs[zip]]
    }

    func forecastSummary(for zip: String) -> String {
        let forecast = status[forecastCogs[zip]]
        let report = self.peek(weatherReportCogs[zip])
        return "\(forecast.kind) \(report)"
    }
}

extension CogOps {
    func unreadCount() -> Int {
        peek(inboxCog).count - peek(readCog).count
    }
}
