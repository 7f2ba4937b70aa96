// coglint-fixture: passes
import Cog

private let _zipCog = Cog<String?>.Manual { nil }
fileprivate let _noteCogs = CogBox<String, Int>.Manual { _ in "" }
let zipCog = _zipCog.readOnly

enum Weather {
    private static let _reportCogs = CogBox<Int, String>.Manual { _ in 0 }
}

// A local in a test or function body is not a shared source.
func makeScratch() {
    let countCog = Cog<Int>.Manual { 0 }
    _ = countCog
}
