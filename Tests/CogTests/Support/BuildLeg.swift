import Cog
import CogTesting
import Foundation

/// A leg of the build-settings matrix (LEG-01): the configuration, and
/// whether default MainActor isolation and NonisolatedNonsendingByDefault
/// are on. `.ci/run` names the leg it means in `COG_LEG`.
nonisolated struct BuildLeg: Equatable, CustomStringConvertible {
    var release: Bool
    var defaultMainActor: Bool
    var nonisolatedNonsending: Bool

    /// The leg Package.swift was asked for: the configuration, and the
    /// traits that turn the two settings on (they reach the code as
    /// compilation conditions of the same names).
    static let intended: BuildLeg = {
        var leg = BuildLeg(release: true, defaultMainActor: false, nonisolatedNonsending: false)
        #if DEBUG
            leg.release = false
        #endif
        #if DefaultMainActor
            leg.defaultMainActor = true
        #endif
        #if NonisolatedNonsending
            leg.nonisolatedNonsending = true
        #endif
        return leg
    }()

    /// The leg `.ci/run` says it is running, if it says.
    static var named: String? { ProcessInfo.processInfo.environment["COG_LEG"] }

    /// The name `.ci/run` uses: `release`, or the debug leg's settings.
    var name: String {
        let settings = [defaultMainActor ? "main-actor" : nil, nonisolatedNonsending ? "nonsending" : nil]
            .compactMap(\.self)
        let debug = settings.isEmpty ? "default" : settings.joined(separator: "+")
        return release ? (settings.isEmpty ? "release" : "release+\(debug)") : debug
    }

    var description: String {
        "\(name) (\(release ? "release" : "debug"), default MainActor isolation \(defaultMainActor ? "on" : "off"), "
            + "NonisolatedNonsendingByDefault \(nonisolatedNonsending ? "on" : "off"))"
    }
}

/// What the compiler did with one module's settings, from its probes.
nonisolated struct CompiledSettings: Equatable, CustomStringConvertible {
    var defaultMainActor: Bool
    var nonisolatedNonsending: Bool

    /// `unstated` is what `#isolation` said in a declaration stating no
    /// isolation; `nonisolatedAsync`, in a nonisolated async function called
    /// from the MainActor. Anything but the MainActor or nothing is no leg.
    init?(unstated: (any Actor)?, nonisolatedAsync: (any Actor)?) {
        func mainActorOrNone(_ isolation: (any Actor)?) -> Bool? {
            guard let isolation else { return false }
            return isolation === MainActor.shared ? true : nil
        }
        guard let main = mainActorOrNone(unstated), let nonsending = mainActorOrNone(nonisolatedAsync) else {
            return nil
        }
        defaultMainActor = main
        nonisolatedNonsending = nonsending
    }

    init(of leg: BuildLeg) {
        defaultMainActor = leg.defaultMainActor
        nonisolatedNonsending = leg.nonisolatedNonsending
    }

    var description: String {
        "default MainActor isolation \(defaultMainActor ? "on" : "off"), "
            + "NonisolatedNonsendingByDefault \(nonisolatedNonsending ? "on" : "off")"
    }
}

/// CogTests' own probes, the same two declarations as Cog's
/// `CogBuildLegProbe`: this one states no isolation on purpose.
func unstatedIsolationProbe() -> (any Actor)? { #isolation }

nonisolated func nonisolatedAsyncIsolationProbe() async -> (any Actor)? { #isolation }
