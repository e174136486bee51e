extension ClinicalRecordIngestor {
    /// One input of ``ingest(_:)``: resources read with ``reader``, the name of the input they were read from, and
    /// resources read elsewhere to ingest with them (a provider's referenced Medications).
    public struct Input: Sendable {
        /// What was read.
        public var read: FHIRReadResult
        /// The input's name in the report (`Observation page 3`).
        public var location: String
        /// Resources read elsewhere, ingested with these (``ingest(read:location:context:)``).
        public var context: [FHIRReadResource]

        /// An input read into `read`, named `location`, with `context`.
        public init(read: FHIRReadResult, location: String, context: [FHIRReadResource] = []) {
            self.read = read
            self.location = location
            self.context = context
        }

        /// How many resources it brings.
        public var count: Int { read.resources.count + context.count }
    }

    /// Ingests several inputs (the pages of a download) as ``ingest(read:location:context:)`` of each in turn would,
    /// but storing their records together: one transaction for inputs of up to ``jsonBatchSize`` resources in all.
    /// Each input is classified with its own medication names and reported under its own location. An input with
    /// resources marked `entered-in-error` is stored on its own, after the inputs before it and before those after it,
    /// so a withdrawal never overtakes a record or the reverse. The one difference: a resource that several inputs of
    /// one transaction bring (a referenced Medication in each page's context) is stored once, its last version, as
    /// within one input, so it is not counted again as unchanged or replaced.
    ///
    /// A store commits far fewer pages this way: every transaction writes the index pages it touches to the
    /// write-ahead log, and a page of 100 clinical records touches most of the `field` text index and the sync
    /// identifier index (their keys are random), so storing five pages together writes those pages once, not five
    /// times (in a provider sync of 5,000 resources, 40 MB of log in 55 commits).
    public func ingest(_ inputs: [Input]) throws -> ClinicalIngestReport {
        var report = ClinicalIngestReport(), group = Classified(), failures: [ClinicalIngestReport.Failure] = []
        func storeGroup() throws {
            guard !group.records.isEmpty || !group.withdrawn.isEmpty || group.report.enteredInError > 0 else { return }
            report.merge(try store(group))
            group = Classified()
        }
        for input in inputs {
            failures += input.read.failures.map { .init(location: input.location, message: $0.description) }
            guard input.count <= jsonBatchSize else {
                try storeGroup()
                var alone = try ingest(read: input.read, location: input.location, context: input.context)
                alone.failures = []
                report.merge(alone)
                continue
            }
            let resources = input.read.resources + input.context
            let classified = classify(resources[...], location: input.location,
                                      medicationNames: FHIRClassifier.medicationNames(in: resources))
            if !classified.withdrawn.isEmpty || group.records.count + classified.records.count > jsonBatchSize { try storeGroup() }
            group.records += classified.records
            group.withdrawn += classified.withdrawn
            group.report.merge(classified.report)
            if !classified.withdrawn.isEmpty { try storeGroup() }
        }
        try storeGroup()
        report.failures += failures
        return report
    }
}
