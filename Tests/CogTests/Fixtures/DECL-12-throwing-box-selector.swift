// expected-error: invalid conversion from throwing function
import Cog

struct ParseFailure: Error {}

private let _textCogs = CogBox<String, Int>.Manual { key in "\(key)" }
let parsedCogs = CogBox<Int, Int> { c, key in
    guard let value = Int(c[_textCogs[key]]) else { throw ParseFailure() }
    return value
}
