import Foundation
import HealthRecords

/// The pages of one search, downloaded ahead of the sync that reads and stores them: as soon as a page's bytes
/// arrive its `next` link is read (``FHIRBundleLinks``, which skips the entries) and the next request leaves, so the
/// server works while the sync stores. At most ``capacity`` downloaded pages wait for the sync; memory holds those,
/// the one in flight and the one being stored. The guards are the sync's: the same origin only, no page asked twice
/// (`next` equal to `self`, `previous` or a page already seen ends the search), at most `maximumPages`.
final class SearchPages: Sendable {
    /// One downloaded page.
    struct Page: Sendable {
        /// Its number in the search, from 1.
        var number: Int
        var url: URL
        var response: HTTPTransport.Response
    }

    /// How many downloaded pages may wait for the sync.
    static let capacity = 3

    private let queue = PageQueue(capacity: capacity)
    private let producer: Task<Void, Never>

    /// Starts downloading from `first` through `session`; `whenDownloaded` runs once the last page is downloaded
    /// (before the sync has read it).
    init(first: URL, session: FHIRSession, step: ProviderError.Step, maximumPages: Int,
         whenDownloaded: @escaping @Sendable () -> Void) {
        let queue = queue
        producer = Task {
            var url = first, seen = Set<String>(), number = 0
            while true {
                number += 1
                seen.insert(url.absoluteString)
                let next: URL?
                do {
                    let answer = try await session.get(url, step: step)
                    guard answer.status == 200 else { throw FHIRSession.failure(answer, url: url, step: step) }
                    guard let head = try? FHIRBundleLinks(answer.body), head.resourceType == "Bundle" else {
                        throw ProviderError(step, "page \(number): the answer is not a FHIR Bundle")
                    }
                    // A bad next link fails the search once this page is stored.
                    let following = Result { try ProviderSync.nextPage(head.links, after: url, base: session.base, seen: seen, step: step, page: number) }
                    guard await queue.put(.success(Page(number: number, url: url, response: answer))) else { return }
                    next = try following.get()
                    if next != nil, number >= maximumPages { throw ProviderError(step, "more than \(maximumPages) pages; stopped") }
                } catch {
                    _ = await queue.put(.failure(error))
                    return
                }
                guard let next else { break }
                url = next
            }
            whenDownloaded()
            _ = await queue.put(nil)
        }
    }

    /// The next page in order; nil after the last; throws the download's failure after the pages before it.
    func next() async throws -> Page? {
        try await queue.take()?.get()
    }

    /// Stops downloading (the sync stopped reading): a waiting or running download ends.
    func cancel() {
        producer.cancel()
        Task { await queue.close() }
    }
}

/// A bounded queue between the page downloader and the sync: `put` waits while it is full, `take` while it is empty;
/// `nil` marks the end. Once closed, `put` returns false at once.
private actor PageQueue {
    private let capacity: Int
    private var items: [Result<SearchPages.Page, any Error>?] = []
    private var taker: CheckedContinuation<Result<SearchPages.Page, any Error>?, Never>?
    private var putter: CheckedContinuation<Bool, Never>?
    private var closed = false

    init(capacity: Int) { self.capacity = capacity }

    /// Adds `item` (nil: the end), waiting for room; false when the queue was closed.
    func put(_ item: Result<SearchPages.Page, any Error>?) async -> Bool {
        guard !closed else { return false }
        if taker == nil, items.count >= capacity {
            let room = await withCheckedContinuation { putter = $0 }
            guard room, !closed else { return false }
        }
        // While this put waited, the sync may have taken every item and begun waiting itself: hand it over.
        if let taker {
            self.taker = nil
            taker.resume(returning: item)
        } else {
            items.append(item)
        }
        return true
    }

    /// The next item, waiting for one.
    func take() async -> Result<SearchPages.Page, any Error>? {
        if !items.isEmpty {
            let item = items.removeFirst()
            if let putter {
                self.putter = nil
                putter.resume(returning: true)
            }
            return item
        }
        guard !closed else { return nil }
        return await withCheckedContinuation { taker = $0 }
    }

    /// Refuses further items and frees a waiting `put`.
    func close() {
        closed = true
        items.removeAll()
        putter?.resume(returning: false)
        putter = nil
        taker?.resume(returning: nil)
        taker = nil
    }
}
