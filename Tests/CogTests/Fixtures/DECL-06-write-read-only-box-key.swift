// expected-error: subscript 'subscript(_:)' requires that 'CogReference<Int>' conform to 'CogWritable'
import Cog

private let _stockCogs = CogBox<Int, String>.Manual { _ in 0 }
let stockCogs = _stockCogs.readOnly

extension CogOps {
    func restock(_ sku: String) { turn { c in c[stockCogs[sku]] += 1 } }
}
