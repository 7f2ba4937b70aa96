// expected-error: instance method 'turn(_:to:name:)' requires that 'CogReference<Int>' conform to 'CogWritable'
import Cog

private let _countCog = Cog<Int>.Manual { 0 }
let countCog = _countCog.readOnly

extension CogOps {
    func resetCount() { turn(countCog, to: 0) }
}
