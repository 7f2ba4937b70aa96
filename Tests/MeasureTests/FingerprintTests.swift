import Foundation
import Measure
import Testing

@Suite("Environment fingerprint")
struct FingerprintTests {
    @Test("every field is present, and unavailable ones say why")
    func fieldsPresent() {
        let fingerprint = EnvironmentFingerprint.current(builtFrom: "0123456789ab")
        #expect(fingerprint.logicalCores >= 1)
        #expect(fingerprint.memoryBytes > 0)
        #expect(fingerprint.kernel.hasPrefix("Linux"))
        #expect(fingerprint.toolchain.hasPrefix("Swift 6"))
        for (name, value) in fingerprint.rows {
            #expect(!value.isEmpty, "\(name) is empty")
            if value.hasPrefix("unavailable") {
                #expect(value.count > "unavailable: ".count, "\(name) gives no reason")
            }
        }
        #expect(fingerprint.papi.hasPrefix("loaded") || fingerprint.papi.hasPrefix("unavailable: "))
        #expect(Int(fingerprint.perfEventParanoid) != nil || fingerprint.perfEventParanoid.hasPrefix("unavailable: "))
    }

    @Test("the build configuration matches how the tests were built")
    func buildConfiguration() {
        #if DEBUG
            #expect(EnvironmentFingerprint.buildConfiguration == "debug")
        #else
            #expect(EnvironmentFingerprint.buildConfiguration == "release")
        #endif
    }

    @Test("a fingerprint survives a JSON round trip")
    func codable() throws {
        let fingerprint = EnvironmentFingerprint.current(builtFrom: "0123456789ab")
        let data = try JSONEncoder().encode(fingerprint)
        #expect(try JSONDecoder().decode(EnvironmentFingerprint.self, from: data) == fingerprint)
    }

    @Test("PAPI loaded without a CPU component's information says its counters are unavailable, never a negative count")
    func papiWithoutComponentInformation() {
        let summary = EnvironmentFingerprint.papiSummary(status: .counted(-1), components: [])
        #expect(summary == "loaded; hardware counters unavailable: PAPI gave no CPU component information")
        #expect(!summary.contains("-1"))
        #expect(
            EnvironmentFingerprint.papiSummary(status: .counted(6), components: [("perf_event", nil)])
                == "loaded, 6 hardware counters; CPU component perf_event enabled")
        #expect(
            EnvironmentFingerprint.papiSummary(status: .unavailable(reason: "no libpapi"), components: [])
                == "unavailable: no libpapi")
    }
}
