import Foundation

/// Timing helpers: ContinuousClock durations, medians, formatting.
enum Measure {
    /// Runs `body` once and returns how long it took.
    static func time(_ body: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// CPU seconds used by the whole process so far (every thread: the caller's and GRDB's writer queue).
    /// On a machine other jobs load, CPU time shows the cost of the work where wall time also shows the wait.
    static func cpu() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func rate(_ value: Double) -> String {
        value >= 1e6 ? String(format: "%.2fM", value / 1e6) : String(format: "%.0fk", value / 1e3)
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }
}

/// A line of output, aligned.
func report(_ label: String, _ text: String) {
    let padded = label.count < 44 ? label + String(repeating: " ", count: 44 - label.count) : label
    print("  \(padded) \(text)")
    fflush(stdout)
}

/// Rates (items per second) over several repetitions: median and best.
struct RateSeries {
    var label: String
    var rates: [Double] = []
    var cpuRates: [Double] = []

    mutating func add(items: Int, seconds: Double, cpu: Double? = nil) {
        rates.append(Double(items) / seconds)
        if let cpu { cpuRates.append(Double(items) / cpu) }
    }

    var median: Double { Measure.median(rates) }
    var best: Double { rates.max() ?? .nan }

    func print(target: Double? = nil) {
        var text = "median \(Measure.rate(median))/s, best \(Measure.rate(best))/s over \(rates.count) runs"
        if let target { text += String(format: "  (%.2fx target %@/s)", median / target, Measure.rate(target)) }
        if !cpuRates.isEmpty { text += "; per CPU-second \(Measure.rate(Measure.median(cpuRates)))/s" }
        report(label, text)
    }
}

/// Latencies over many repetitions: median and min.
struct LatencySeries {
    var label: String
    var seconds: [Double] = []

    var median: Double { Measure.median(seconds) }
    var min: Double { seconds.min() ?? .nan }
    var p90: Double {
        let sorted = seconds.sorted()
        return sorted.isEmpty ? .nan : sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
    }

    func print(baseline: LatencySeries? = nil, target: Double? = nil) {
        var text = "median \(Measure.ms(median)), min \(Measure.ms(min)), p90 \(Measure.ms(p90)) (\(seconds.count) runs)"
        if let baseline { text += String(format: "  %.2fx hand SQL", median / baseline.median) }
        if let target { text += String(format: "  (%.2fx target %@)", median / target, Measure.ms(target)) }
        report(label, text)
    }
}
