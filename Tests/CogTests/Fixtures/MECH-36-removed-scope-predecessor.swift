// expected-error: value of type 'CogController' has no member 'gate'
// scope's predecessor (`gate`, per core design §26: "a gate is one shape of a
// lifetime") is gone in all three of its forms: no alias, wrapper or stub.
import Cog

private let _signedInCog = Cog<Bool>.Manual { false }
private let _accountCog = Cog<String?>.Manual { nil }
private let _roomsCog = Cog<[Int]>.Manual { [] }

@MainActor
func operate(_ m: CogController) {
    m.gate(_signedInCog) { _ in }
    m.gate(_accountCog) { _, _ in }
    m.gate(each: _roomsCog) { _, _ in }
}
