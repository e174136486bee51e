import Foundation
import HealthDatabase

extension HKHealthStore {
    /// Stores activity summaries, one per day: a summary replaces the app's earlier summary of the same day
    /// (OpenHealthKit extension).
    ///
    /// HealthKit apps cannot write summaries (the system computes them), so this is not subject to sharing
    /// authorization: it is for importers, servers and tests. Every summary needs a ``HKActivitySummary/day``;
    /// otherwise nothing is stored and `errorInvalidArgument` is thrown.
    public func saveActivitySummaries(_ summaries: [HKActivitySummary]) async throws {
        let source = SourceMapping.record(from: appRevision)
        let records = try summaries.map { try ActivitySummaryMapping.record(from: $0, source: source) }
        // Stamped with the app, but no sharing permission: HealthKit has none for summaries (the writer's exception).
        try await perform { try self.writer.save(records, rules: [.stampSource]) }
    }
}
