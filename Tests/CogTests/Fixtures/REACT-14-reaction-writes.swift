// expected-error: cannot assign through subscript
import Cog

private let _countCog = Cog<Int>.Manual { 0 }

@MainActor
func register(_ m: CogController) {
    m.run { c in c[_countCog] = 1 }
}
