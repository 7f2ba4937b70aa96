// expected: type-checks cleanly
import Cog

/// A MainActor-bound, non-Sendable service held as a value.
@MainActor
final class WeatherService {
    var calls = 0
    func describe() -> String { "clear" }
}

private let _serviceCog = Cog<WeatherService>.Manual { WeatherService() }
let serviceCog = _serviceCog.readOnly
let summaryCog = Cog<String> { c in c[serviceCog].describe() }
