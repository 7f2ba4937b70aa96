// expected-error: missing argument for parameter 'default'
import Cog

let forecastCog = Cog<Int?>.Async { _ in .run { 1 } }
