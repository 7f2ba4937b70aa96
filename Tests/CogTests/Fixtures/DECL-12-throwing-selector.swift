// expected-error: invalid conversion from throwing function
import Cog

struct ParseFailure: Error {}

private let _textCog = Cog<String>.Manual { "12" }
let parsedCog = Cog<Int> { c in
    guard let value = Int(c[_textCog]) else { throw ParseFailure() }
    return value
}
