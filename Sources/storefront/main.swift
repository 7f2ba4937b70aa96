import Measure

// Temporary, until the real command line takes the probe over.
if CommandLine.arguments.dropFirst().elementsEqual(["--probe", "stategraph"]) {
    StateGraphCostProbe.printTableAndExit()
}

for (name, value) in EnvironmentFingerprint.current().rows {
    print("\(name): \(value)")
}
let hw = HardwareCounters()
let (_, r) = hw.measure { blackHole((0..<opaqueIdentity(100000)).reduce(0, &+)) }
for x in r { print(x.name, x.reading) }
let sw = SoftwareCounters()
let (_, r2) = sw.measure { blackHole((0..<opaqueIdentity(100000)).map { $0 * 2 }) }
for x in r2 { print(x.name, x.reading) }
let (_, p) = PeakMemory.measure { blackHole([UInt8](repeating: 1, count: 50_000_000)) }
print(p)
