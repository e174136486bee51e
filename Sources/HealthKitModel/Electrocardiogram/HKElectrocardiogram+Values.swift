public import Foundation

extension HKElectrocardiogram {
    /// How the ECG app classified a recording (iOS 14).
    public enum Classification: Int, Sendable, CaseIterable {
        /// Not classified.
        case notSet = 0
        /// Sinus rhythm: the heart beats in a uniform pattern.
        case sinusRhythm = 1
        /// Signs of atrial fibrillation.
        case atrialFibrillation = 2
        /// Inconclusive: the heart rate was below 50 beats per minute.
        case inconclusiveLowHeartRate = 3
        /// Inconclusive: the heart rate was above the algorithm's limit.
        case inconclusiveHighHeartRate = 4
        /// Inconclusive: the reading was poor.
        case inconclusivePoorReading = 5
        /// Inconclusive for another reason.
        case inconclusiveOther = 6
        /// A classification this version does not know.
        case unrecognized = 100
    }

    /// Whether the user reported symptoms with a recording (iOS 14).
    public enum SymptomsStatus: Int, Sendable, CaseIterable {
        /// Symptoms were not asked for.
        case notSet = 0
        /// The user reported no symptoms.
        case none = 1
        /// The user reported symptoms (saved as category samples associated with the ECG).
        case present = 2
    }

    /// The lead a voltage was recorded with (iOS 14).
    public enum Lead: Int, Sendable, CaseIterable {
        /// Apple Watch Series 4 or later: similar to a Lead I ECG.
        case appleWatchSimilarToLeadI = 1
    }

    /// The voltages of every lead at one point in time (HealthKit's `HKElectrocardiogram.VoltageMeasurement`).
    public final class VoltageMeasurement: NSObject, NSCopying, @unchecked Sendable {
        /// When the measurement was taken, in seconds since the ECG's start date.
        public let timeSinceSampleStart: TimeInterval
        private let volts: [Lead: Double]

        /// Creates a measurement from each lead's voltage (OpenHealthKit extension); quantities must be in volts or a
        /// compatible unit, and leads without one are left out.
        public convenience init(timeSinceSampleStart: TimeInterval, voltages: [Lead: HKQuantity]) throws(HKError) {
            var volts: [Lead: Double] = [:]
            for (lead, quantity) in voltages {
                guard quantity.is(compatibleWith: .volt()) else {
                    throw HKError(.errorInvalidArgument, "An ECG voltage must be in volts, not \(quantity)")
                }
                volts[lead] = quantity.doubleValue(for: .volt())
            }
            self.init(timeSinceSampleStart: timeSinceSampleStart, volts: volts)
        }

        private init(timeSinceSampleStart: TimeInterval, volts: [Lead: Double]) {
            self.timeSinceSampleStart = timeSinceSampleStart
            self.volts = volts
            super.init()
        }

        /// The voltage recorded with `lead`, in volts, or `nil` when the lead was not recorded.
        public func quantity(for lead: Lead) -> HKQuantity? {
            volts[lead].map { HKQuantity(unit: .volt(), doubleValue: $0) }
        }

        /// Returns `self`: measurements are immutable.
        public func copy(with zone: NSZone? = nil) -> Any { self }

        /// Measurements are equal when their times and voltages are.
        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? VoltageMeasurement else { return false }
            return other.timeSinceSampleStart == timeSinceSampleStart && other.volts == volts
        }

        /// Hash of the time and voltages.
        public override var hash: Int {
            var hasher = Hasher()
            hasher.combine(timeSinceSampleStart)
            hasher.combine(volts)
            return hasher.finalize()
        }

        /// `<VoltageMeasurement t=0.002 s, leadI=-7.6e-06 V>`.
        public override var description: String {
            let leads = volts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "lead\($0.key.rawValue)=\($0.value) V" }
            return "<VoltageMeasurement t=\(timeSinceSampleStart) s, \(leads.joined(separator: ", "))>"
        }

        /// The measurement as stored and archived: the time and the Lead I-like voltage in volts (package access).
        package struct Stored: Codable, Hashable, Sendable {
            /// Seconds since the ECG's start.
            package var t: TimeInterval
            /// The voltage of `appleWatchSimilarToLeadI`, in volts.
            package var v: Double?

            /// A measurement `t` seconds after the start with voltage `v` (package access).
            package init(t: TimeInterval, v: Double?) {
                self.t = t
                self.v = v
            }
        }

        /// The stored form (package access).
        package var stored: Stored { Stored(t: timeSinceSampleStart, v: volts[.appleWatchSimilarToLeadI]) }

        /// A measurement from its stored form (package access).
        package convenience init(_ stored: Stored) {
            self.init(timeSinceSampleStart: stored.t, volts: stored.v.map { [.appleWatchSimilarToLeadI: $0] } ?? [:])
        }

        /// Whether the time lies in `0...duration` and every voltage is finite.
        func isValid(within duration: TimeInterval) -> Bool {
            timeSinceSampleStart.isFinite && timeSinceSampleStart >= 0 && timeSinceSampleStart <= duration
                && volts.values.allSatisfy(\.isFinite)
        }
    }
}
