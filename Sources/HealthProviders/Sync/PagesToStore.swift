import HealthRecords

/// The pages of one search read but not yet stored: they are stored together (``ClinicalRecordIngestor/ingest(_:)``,
/// one transaction) once they hold `resources` resources or `bytes` bytes of pages, and when the search ends or fails.
///
/// One transaction a page wrote most of the store's `field` text index and sync identifier index to the write-ahead log
/// for every page (their keys are random), and the background checkpoint copied it all again: 40 MB of log and 36 MB
/// of copies, 93 syncs, for a first sync of 5,000 resources whose store is 11 MB. A killed sync loses nothing more
/// than before: a type's checkpoint is saved only after its searches are stored, so a resumed sync fetches again every
/// page not yet stored (re-fetched pages are upserts).
struct PagesToStore {
    private let resources: Int
    private let bytes: Int
    private var inputs: [ClinicalRecordIngestor.Input] = []
    private var waitingResources = 0, waitingBytes = 0

    /// Pages stored at `resources` resources or `bytes` bytes.
    init(resources: Int, bytes: Int) {
        self.resources = resources
        self.bytes = bytes
    }

    /// Adds a page (`bytes` long) and stores the pages waiting once they reach either limit.
    mutating func add(_ input: ClinicalRecordIngestor.Input, bytes count: Int, _ ingestor: ClinicalRecordIngestor,
                      into result: inout SyncReport.TypeResult) throws {
        inputs.append(input)
        waitingResources += input.count
        waitingBytes += count
        if waitingResources >= resources || waitingBytes >= bytes { try store(ingestor, into: &result) }
    }

    /// Stores the pages waiting, adding what the ingestion did to `result`.
    mutating func store(_ ingestor: ClinicalRecordIngestor, into result: inout SyncReport.TypeResult) throws {
        guard !inputs.isEmpty else { return }
        let pages = inputs
        (inputs, waitingResources, waitingBytes) = ([], 0, 0)
        result.ingest.merge(try ingestor.ingest(pages))
    }
}
