extension Schema {
    /// Migration 3: PostgreSQL learns that a source id names one owner (`CREATE STATISTICS … (dependencies)`).
    ///
    /// Without it the planner takes `owner_id` and `source_id` for independent columns and, on a table of many
    /// people, expects a person's source to own (1 / people)² of the rows where it owns all of the person's samples of
    /// it. A read filtered by source (the source priority's newest sample of a bundle, latest first) was then driven
    /// through `(owner_id, source_id)` and read and sorted all of them: 64 ms instead of 0.08 ms among 1,000 people
    /// (docs/PostgreSQL.md). The statistics apply to constants, so the engine binds a filter's source ids
    /// (`FilterSQL`); ANALYZE (or autovacuum) fills them in.
    static let version3: [String] = [
        "CREATE STATISTICS IF NOT EXISTS sample_owner_source (dependencies) ON owner_id, source_id FROM sample",
    ]
}
