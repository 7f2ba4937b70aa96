// coglint-fixture: triggers
// expect: 8:5 manual-cog-private
// expect: 9:12 manual-cog-private
// expect: 10:18 manual-cog-private
// expect: 13:16 manual-cog-private
import Cog

let _zipCog = Cog<String?>.Manual { nil }
public let _noteCogs = CogBox<String, Int>.Manual { _ in "" }
private(set) var _pageCog: Cog<Int>.Manual = .init { 0 }

enum Weather {
    static let _reportCogs = Cog.CogBox<Int, String>.Manual { _ in 0 }
}
