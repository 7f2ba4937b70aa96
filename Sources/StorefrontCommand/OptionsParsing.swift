import Foundation
import Measure
import StorefrontHarness
import Workload

/// Parsing the command line into `Options`. Every flag is validated here so the
/// rest of the tool can trust it; a bad value stops the run with a message
/// naming what was wrong and what is accepted.
extension Options {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String], lineup: [Runtime]) throws {
        self.init(lineup: lineup)
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                throw UsageError(description: "\(flag) needs a value; see --help")
            }
            guard !next.isEmpty else { throw UsageError(description: "\(flag) needs a value, got an empty one") }
            return next
        }
        // The upper bounds keep every count the plan multiplies out (plays,
        // samples kept, the progress weights) far from overflow and from
        // allocations no machine has; a run at the bound already takes days.
        func count(for flag: String, minimum: Int, maximum: Int = 1_000_000) throws -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), number >= minimum, number <= maximum else {
                throw UsageError(
                    description: "\(flag) takes a whole number from \(minimum) to \(maximum), got '\(text)'")
            }
            return number
        }
        func names(for flag: String) throws -> [String] {
            try value(for: flag).split(separator: ",").map(String.init)
        }
        var graphNamed = false
        var given: Set<String> = []
        while let argument = remaining.popFirst() {
            // A second value would silently replace or extend the first.
            if argument.hasPrefix("-"), !given.insert(argument).inserted {
                throw UsageError(
                    description: "\(argument) is given twice; give each flag once "
                        + "(--suite and --runtime take comma-separated lists)")
            }
            switch argument {
            case "--suite":
                for name in try names(for: argument) {
                    if name == Suite.graph.rawValue { graphNamed = true }
                    let chosen =
                        name == "all"
                        ? Suite.allCases : [try Self.choice(Suite.self, name, flag: "suite", extra: ["all"])]
                    for suite in chosen where !suites.contains(suite) { suites.append(suite) }
                }
            case "--runtime":
                runtimes = []
                for name in try names(for: argument) {
                    guard let runtime = lineup.first(where: { $0.name == name }) else {
                        throw UsageError(
                            description: "unknown runtime '\(name)'; accepted: "
                                + lineup.map(\.name).joined(separator: ", "))
                    }
                    if !runtimes.contains(runtime) { runtimes.append(runtime) }
                }
            case "--scale":
                scale = try Self.choice(Scale.self, try value(for: argument), flag: "scale")
            case "--seed":
                let text = try value(for: argument)
                guard let number = UInt64(text) else {
                    throw UsageError(description: "--seed takes a whole number from 0 to \(UInt64.max), got '\(text)'")
                }
                seed = WorkloadSeed(number)
            case "--inject-fault":
                fault = try Self.choice(Fault.self, try value(for: argument), flag: "fault")
            case "--iterations":
                plan.iterations = try count(for: argument, minimum: 1)
            case "--warmup":
                plan.warmup = try count(for: argument, minimum: 0)
            case "--processes":
                processes = try count(for: argument, minimum: 1, maximum: 100)
            case "--min-time":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
                    throw UsageError(
                        description: "--min-time takes a number of seconds from 0 to 86400 (a day), got '\(text)'")
                }
                plan.minimumSeconds = seconds
            case "--growth-budget":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                    throw UsageError(
                        description:
                            "--growth-budget takes a number of seconds above 0 and up to 86400 (a day), got '\(text)'")
                }
                growthBudgetSeconds = seconds
            case "--format":
                format = try Self.choice(Format.self, try value(for: argument), flag: "format")
            case "--output":
                outputDirectory = URL(fileURLWithPath: try value(for: argument), isDirectory: true)
            case "--instructions":
                let tool = try value(for: argument)
                guard tool == "callgrind" else {
                    throw UsageError(description: "unknown instruction counter '\(tool)'; accepted: callgrind")
                }
                callgrind = true
            case "--shape":
                shapes = try value(for: argument).split(separator: ",").map(String.init)
            case "--probe":
                let runtime = try value(for: argument)
                let probed = lineup.filter { $0.costProbe != nil }.map(\.name)
                guard probed.contains(runtime) else {
                    throw UsageError(
                        description: "unknown probe '\(runtime)'; accepted: "
                            + (probed.isEmpty ? "none in this lineup" : probed.joined(separator: ", ")))
                }
                probe = runtime
            case "--record": record = true
            case "--check-thresholds": checkThresholds = true
            case "--thresholds":
                thresholdsFile = URL(fileURLWithPath: try value(for: argument))
                checkThresholds = true
            case "--baseline":
                let action = try value(for: argument)
                let name = try value(for: "--baseline \(action)")
                switch action {
                case "save": baseline = .save(name)
                case "compare": baseline = .compare(name)
                default:
                    throw UsageError(
                        description: "unknown baseline action '\(action)'; accepted: save NAME, compare NAME")
                }
            case "--replace-baseline": replaceBaseline = true
            case "--quiet": quiet = true
            case "--environment": showEnvironment = true
            case "--list": list = true
            case "--help", "-h": help = true
            case "--callgrind-child": callgrindChild = true
            case "--timing-child": timingChild = true
            case "--allow-test-build": allowTestBuild = true
            default:
                throw UsageError(
                    description: "unknown argument '\(argument)'; run storefront --help for the accepted flags")
            }
        }
        try checkCombination()
        if suites.contains(.graph), !runtimes.contains(where: { $0.graph != nil }) {
            // `all` means every suite the chosen runtimes can run.
            guard !graphNamed else {
                let adapted = lineup.filter { $0.graph != nil }.map(\.name)
                throw UsageError(
                    description: "--suite graph runs on the runtimes with a graph adapter ("
                        + (adapted.isEmpty ? "none in this lineup" : adapted.joined(separator: ", "))
                        + "); --runtime chose \(runtimes.map(\.name).joined(separator: ", "))")
            }
            suites.removeAll { $0 == .graph }
        }
    }

    /// Flags the parser accepts one by one but that together would measure
    /// nothing, silently drop a request, or record a run that is not a clean
    /// comparison of every port.
    private func checkCombination() throws {
        let ports = lineup.map(\.name).joined(separator: ", ")
        if runtimes.isEmpty {
            throw UsageError(description: "--runtime names no port; accepted: \(ports)")
        }
        // Each information request prints and exits; a second one, or a run
        // flag beside one, would be silently dropped.
        let requests =
            [(help, "--help"), (list, "--list"), (showEnvironment, "--environment")]
            .filter(\.0).map(\.1) + (probe.map { ["--probe \($0)"] } ?? [])
        if requests.count > 1 {
            throw UsageError(
                description: "\(requests.joined(separator: " and ")) each print something and exit; give one of them")
        }
        if replaceBaseline, baseline?.isSave != true {
            throw UsageError(
                description: "--replace-baseline lets --baseline save NAME write over an existing baseline; without "
                    + "--baseline save it would do nothing: drop it, or add --baseline save NAME")
        }
        if let shapes {
            guard !shapes.isEmpty else {
                throw UsageError(description: "--shape names no shape; see storefront --list")
            }
            guard suites.contains(.graph) else {
                throw UsageError(
                    description: "--shape picks graph shapes, so it needs --suite graph; drop --shape or add the suite")
            }
        }
        if let fault {
            guard suites.contains(where: { $0.isRuntimeSuite || $0 == .growth }) else {
                throw UsageError(
                    description: "--inject-fault \(fault.rawValue) gives a port a defect for the gate to find, but "
                        + "--suite \(suites.map(\.rawValue).joined(separator: ",")) plays no Storefront session; "
                        + "add a suite that does (session, interactions, …) or drop the fault")
            }
            guard let carrier = lineup.first(where: { $0.faults.contains(fault) }) else {
                throw UsageError(
                    description: "--inject-fault \(fault.rawValue): no runtime of this lineup (\(ports)) carries it")
            }
            if !runtimes.contains(carrier) {
                throw UsageError(
                    description: "--inject-fault \(fault.rawValue) belongs to the \(carrier) port, which "
                        + "--runtime leaves out; add \(carrier) to --runtime or drop the fault")
            }
            if record {
                throw UsageError(
                    description: "--record keeps only clean runs; drop --inject-fault \(fault.rawValue) "
                        + "(a faulty run can still be printed, or written with --output)")
            }
            if case .save = baseline {
                throw UsageError(
                    description: "--baseline save keeps only clean runs; drop --inject-fault \(fault.rawValue)")
            }
        }
        if let seed {
            // Records, thresholds and baselines hold the default workload, so
            // that their numbers compare run to run.
            if record {
                throw UsageError(
                    description: "--record keeps the default workload so records compare; drop --seed \(seed) "
                        + "(a seeded run can still be printed, or written with --output)")
            }
            if checkThresholds {
                throw UsageError(
                    description: "--check-thresholds pins the counts of the default workload; drop --seed \(seed)")
            }
        }
        if record, runtimes.count != lineup.count {
            throw UsageError(
                description: "--record compares every port; drop --runtime (it chose "
                    + "\(runtimes.map(\.name).joined(separator: ", ")) of \(ports))")
        }
        if Self.isDebugBuild, !allowTestBuild, record || baseline?.isSave == true {
            throw UsageError(
                description: "this is a debug build, whose times are not what an app gets; "
                    + "\(record ? "--record" : "--baseline save") keeps release numbers only: run "
                    + "swift run -c release storefront … (--allow-test-build overrides, for tests)")
        }
        if let variant = nonAppBuilds.first, !allowTestBuild, record || baseline?.isSave == true {
            throw UsageError(
                description: "this build's \(variant) has \(variant.buildVariant ?? ""), which an app does not get; "
                    + "\(record ? "--record" : "--baseline save") keeps the default build's numbers only: build "
                    + "without it (such a run can still be printed, written with --output, "
                    + "or checked with --check-thresholds; --allow-test-build overrides, for tests)")
        }
        if record, !allowTestBuild {
            let shortfalls = recordPlanShortfalls()
            if !shortfalls.isEmpty {
                throw UsageError(
                    description: "--record publishes the full plan, so that each record replaces the last with "
                        + "numbers of the same kind; this run " + shortfalls.joined(separator: "; ")
                        + ". Record with swift run -c release storefront --suite all --record --instructions "
                        + "callgrind (a reduced run can still be printed, or written with --output)")
            }
        }
    }

    /// How this run falls short of what a record publishes: every suite at
    /// the default scale, with at least the default sampling, and callgrind's
    /// instruction counts, which `docs/perf.md`'s tables and sentences cite.
    package func recordPlanShortfalls() -> [String] {
        let defaults = Options(lineup: lineup)
        var shortfalls: [String] = []
        let missing = Suite.allCases.filter { !suites.contains($0) }
        if !missing.isEmpty {
            shortfalls.append("leaves out \(missing.map(\.rawValue).joined(separator: ", ")) (use --suite all)")
        }
        if let shapes {
            shortfalls.append("runs only the graph shapes \(shapes.joined(separator: ", ")) (drop --shape)")
        }
        if scale != defaults.scale {
            shortfalls.append("plays --scale \(scale.rawValue), not the default scale (drop --scale)")
        }
        if plan.iterations < defaults.plan.iterations {
            shortfalls.append("times \(plan.iterations) iterations, fewer than the default \(defaults.plan.iterations)")
        }
        if plan.warmup < defaults.plan.warmup {
            shortfalls.append("warms up \(plan.warmup) rounds, fewer than the default \(defaults.plan.warmup)")
        }
        if processes < defaults.processes {
            shortfalls.append("times in \(processes) process(es), fewer than the default \(defaults.processes)")
        }
        if growthBudgetSeconds < defaults.growthBudgetSeconds, suites.contains(.growth) {
            shortfalls.append(
                "gives the growth suite \(growthBudgetSeconds) s per port and size, less than the default "
                    + "\(defaults.growthBudgetSeconds)")
        }
        if !callgrind { shortfalls.append("counts no instructions (add --instructions callgrind)") }
        return shortfalls
    }

    /// The case of `Choice` named `name`, or an error listing the accepted names.
    private static func choice<Choice: CaseIterable & RawRepresentable>(
        _ type: Choice.Type, _ name: String, flag: String, extra: [String] = []
    ) throws -> Choice where Choice.RawValue == String {
        guard let chosen = Choice(rawValue: name) else {
            let accepted = Choice.allCases.map(\.rawValue) + extra
            throw UsageError(description: "unknown \(flag) '\(name)'; accepted: \(accepted.joined(separator: ", "))")
        }
        return chosen
    }

    static func helpText(lineup: [Runtime]) -> String {
        let graphRuntimes = lineup.filter { $0.graph != nil }.map(\.name).joined(separator: ", ")
        let probed = lineup.filter { $0.costProbe != nil }
        let probeUsage = probed.map { "\n  storefront --probe \($0.name)" }.joined()
        let probeOptions = probed.map { runtime in
            "\n  --probe \(runtime.name)" + String(repeating: " ", count: max(1, 22 - runtime.name.count))
                + (runtime.costProbe?.summary ?? "")
        }.joined()
        return """
            storefront: what each state runtime costs on one identical shopping
            session, measured only after all of them computed the same screens.

            USAGE
              storefront --suite SUITE[,SUITE...] [options]\(probeUsage)
              storefront compare A B [--format text|markdown] [--output DIR]
              storefront pin-screens
              storefront --environment | --list | --help

            SUITES
              calibration   known regions (an empty one, 1,000 allocations, a
                            xorshift loop) through every metric; expected counts
                            are checked
              cold-start    phase 1 from nothing: build the runtime, load the
                            catalog, render every view
              session       all eleven phases from a fresh runtime
              interactions  settled single actions on a warmed session (quantity
                            changes, a filter toggle, page flips): cost per action
              inventory-burst
                            phase 7 on a session warmed through the cart phase: one
                            action with hundreds of stock updates, then single ones
              funnel-memory browse, search, then open hundreds of products one by
                            one and close the detail: peak memory, and the heap
                            still held afterwards (retained)
              compute-control
                            the session's changing screens computed with no
                            runtime, each intermediate at most once a step and
                            only when its inputs changed: the floor (session
                            suites also time it in their own rotation, for
                            factorVsControl)
              graph         the classic reactive-graph shapes (Kairo, molBench,
                            cellx, dynamic graphs) at full size on each runtime
                            with a graph adapter (\(graphRuntimes)); values and
                            run counts are checked before any time is taken, a
                            mismatch exits 2; runs no gate
              perf-scenarios
                            Cog's benchmark-mode scenarios (PERF-02, 03, 07, 11,
                            13): retains, releases (with --instructions
                            callgrind), mallocs, notices and heap peak per turn,
                            node or graph; runs no gate, each probe checks its
                            values
              growth        settled actions by kind, the cold start and its peak
                            heap at 300 to 100,000 products and at 4 to 400 cart
                            lines, every size gated first: each port's log-log
                            slope with its interval, its growth class (flat,
                            sublinear, linear, superlinear) and where two ports'
                            costs cross; sizes over --growth-budget are skipped
                            and named
              cross-runtime the full session for every port side by side, then each
                            port's factor against the fastest in every suite run
                            and their geometric mean
              all           every suite above

            Every runtime suite first runs the agreement gate for each selected
            port; a port that fails it gets no numbers. Before the ports, the
            screens of the gated sessions are checked against the ones pinned in
            Verification/PinnedScreens/; a difference means a shared rule or the
            script changed, and nothing is measured (exit 2).

            Every run ends by naming its results page, a self-contained
            index.html: in the --output folder, in the record with --record, else
            in .build/storefront/last-run/ (with its results.json) when run from
            the package root, or in the temporary directory.

            COMPARE
              storefront compare A B sets two results side by side: A and B are
              record folders (Results/<date>-<commit>/, or any folder holding
              results.json), results files, or names of saved baselines. It prints
              B's median as a factor of A's per suite and port, action kind, graph
              shape, calibration region and perf-scenarios probe (with its
              interval), mallocs and instructions, marks a regression by
              --baseline compare's rule, and writes the page to --output DIR,
              else to .build/storefront/compare/; a regression exits 3, bad
              input 1, and so do two runs of other workloads or with no suite
              in common, whose comparison checked nothing.

            PIN-SCREENS
              storefront pin-screens, run from the package's root, records what
              every pinned session shows now and rewrites the files in
              Verification/PinnedScreens/, each by a rename; run it after a
              deliberate change to a shared rule or the script, and commit.

            OPTIONS
              --runtime NAME[,NAME...]  ports to run (default: all of
                                      \(lineup.map(\.name).joined(separator: ", ")))
              --scale small|default|large
                                      workload size (default: default, 2,400 products);
                                      small (240) scales every suite down. On a quiet
                                      2-core VM --suite all took 2m22s at small scale
                                      and 5m09s at the default; a run ends saying how
                                      long it took
              --seed N                another catalog and delivery order for the gate
                                      and every suite (same script; default: the
                                      recorded workload); noted in the results
              --iterations N          timed samples per port in each process (default 50)
              --warmup N              untimed runs per port before sampling (default 5)
              --min-time SECONDS      keep sampling until this much time passed
              --processes N           fresh processes whose timed runs make each time,
                                      interval and factor of the runtime suites and the
                                      compute control, each with the whole plan (default
                                      \(Options.defaultProcesses)); the interval covers the spread
                                      between processes
              --growth-budget SECONDS the most one port may take at one size of the
                                      growth suite (default \(Int(Options.defaultGrowthBudgetSeconds))); a size predicted to
                                      take longer is skipped, and said to be
              --format text|markdown|json|csv
                                      report format on stdout (default text)
              --output DIR            also write the JSON record and the results page
                                      (index.html) to DIR, atomically; a folder in
                                      Results/ is refused (only --record writes there)
              --instructions callgrind
                                      re-run the measured regions under valgrind's
                                      callgrind and add exact instruction counts
              --record                write Results/<date>-<commit>/ (JSON, Markdown,
                                      a chart per suite, the results page index.html)
                                      and refresh docs/perf.md; only the full plan
                                      (--suite all --instructions callgrind, the
                                      default scale, no fewer iterations, warm-up
                                      rounds or processes) of a committed tree with
                                      no changes, every port, no fault, and nothing
                                      is written unless every check passes (the
                                      gate, and any thresholds or baseline); written
                                      as one unit, one --record at a time per folder
              --baseline save NAME    save this run as Results/baselines/NAME.json
              --replace-baseline      let --baseline save write over an existing
                                      baseline of that name (refused otherwise)
              --baseline compare NAME compare with a saved baseline; a port slower
                                      than the limit in Results/thresholds.json exits 3;
                                      a baseline of another scale or seed, or of none
                                      of this run's suites, is refused before measuring
              --check-thresholds      hold malloc, render and recomputation counts,
                                      instruction ceilings (with --instructions
                                      callgrind) and perf-scenarios pins to
                                      Results/thresholds.json
              --thresholds FILE       the same check against FILE instead
              --inject-fault NAME     give one port a known defect, to see the gate
                                      catch it: \(Fault.allCases.map(\.rawValue).joined(separator: ", "))
              --shape NAME[,NAME...]  graph suite only: run just these shapes (e.g.
                                      deepPropagation,cellx1000), to profile one\(probeOptions)
              --environment           print the environment fingerprint and exit
              --list                  list the suites and the runtimes
              --allow-test-build      let a debug or CompactArena build --record or
                                      --baseline save, and --record keep a reduced
                                      plan or an uncommitted tree
                                      (for the tool's own tests, in scratch
                                      folders; refused in a git checkout)
              --quiet                 no progress lines on stderr
              --help                  this text

            EXIT CODES
              0  ok
              1  usage or runtime error, or a calibration count mismatch
              2  a port failed the agreement gate, or a graph shape its counts
              3  a threshold was crossed, or a baseline comparison or compare
                 marked a regression
              4  the named baseline does not exist
              5  a write to stdout or stderr failed; the rest of the run was done

            EXAMPLES
              swift run -c release storefront --suite all
              swift run -c release storefront --suite session --runtime observable,memoized --scale small
              swift run -c release storefront --suite calibration --instructions callgrind --format json
              swift run -c release storefront --suite session --inject-fault stale-cache
              swift run -c release storefront --suite all --record --instructions callgrind
              swift run -c release storefront --suite interactions --scale small --check-thresholds
            """
    }
}
