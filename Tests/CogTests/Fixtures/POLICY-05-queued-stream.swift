// expected-error: has no member 'stream'
import Cog

let ticksCog = Cog<Int>.Async(.queue, default: 0) { _ in
    .stream { AsyncStream<Int> { $0.finish() } }
}
