import Foundation

/// Command line: `openhealthkit-bench [save|save-ceiling|latest|anchored|all] [--samples N] [--store N] [--batch N] [--reps N]
/// [--queries N] [--changes N] [--data DIR]`.
struct Options {
    var commands: [String] = []
    /// Samples each save run writes (issue: 1,000,000).
    var samples = 1_000_000
    /// Samples in the store the read benchmarks use (issue: 10,000,000); cached under `--data`.
    var store = 10_000_000
    /// Samples per save call.
    var batch = 10_000
    /// Repetitions of the save and anchored runs.
    var reps = 3
    /// Repetitions of the latest-100 query (each variant).
    var queries = 300
    /// Changes the anchored query reads (issue: 1,000,000).
    var changes = 1_000_000
    /// Data sets of the `stats` benchmark, in years (1 and 10).
    var statsYears = [1, 10]
    /// pg-owners: people in the shared database, and each one's samples.
    var people = 1_000
    var perPerson = 100_000
    /// pg-owners: keep the filled schemas when done and reuse complete ones instead of filling again (`--keep`).
    var keep = false
    /// The FHIR corpus folder of the `fhir` benchmark (default: the shared Synthea R4 sample set).
    var corpus: String?
    /// Where generated stores live (gitignored).
    var data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".data").path

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        func number(_ name: String) -> Int {
            guard let text = iterator.next(), let value = Int(text.replacingOccurrences(of: "_", with: "")), value > 0 else {
                fatalError("\(name) needs a positive number")
            }
            return value
        }
        while let argument = iterator.next() {
            switch argument {
            case "--samples": options.samples = number(argument)
            case "--store": options.store = number(argument)
            case "--batch": options.batch = number(argument)
            case "--reps": options.reps = number(argument)
            case "--queries": options.queries = number(argument)
            case "--changes": options.changes = number(argument)
            case "--data": options.data = iterator.next() ?? options.data
            case "--corpus": options.corpus = iterator.next()
            case "fhir": options.commands.append(argument)
            case "--stats-years": options.statsYears = (iterator.next() ?? "1,10").split(separator: ",").compactMap { Int($0) }
            case "import": options.commands.append(argument)
            case "--people": options.people = number(argument)
            case "--per-person": options.perPerson = number(argument)
            case "--keep": options.keep = true
            case _ where PostgresBenchmark.commands.contains(argument): options.commands.append(argument)
            case "save", "save-api", "save-storage", "save-ceiling", "latest", "anchored", "all", "build", "stats": options.commands.append(argument)
            default:
                print("usage: openhealthkit-bench [save|save-ceiling|latest|anchored|build|stats|fhir|import|all|pg-save|pg-latest|pg-stats|pg-owners] [--people N] [--per-person N] [--keep] [--samples N] [--store N] [--batch N] [--reps N] [--queries N] [--changes N] [--stats-years 1,10] [--corpus DIR] [--data DIR]")
                exit(argument == "--help" || argument == "-h" ? 0 : 2)
            }
        }
        if options.commands.isEmpty || options.commands.contains("all") { options.commands = ["save", "save-ceiling", "latest", "anchored"] }
        return options
    }
}
