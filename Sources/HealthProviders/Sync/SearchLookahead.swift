import Foundation
import HealthLocking

/// The sync's searches in order, planned when it starts, downloading ahead of the storing: the first search starts
/// while the Patient is read, and each next one as soon as the search before it has downloaded its last page, while
/// the sync is still storing the pages before. A search whose download is under way when the sync reaches it is
/// taken over with the pages it has; one planned differently by then (scopes changed by a refresh, a type checked
/// again whole) runs its own, and the searches nobody took are cancelled when the sync ends.
///
/// Memory: a search's download stops with ``SearchPages/capacity`` pages waiting, and a search's last page is
/// downloaded only when at most that many wait, so the searches ahead of the sync hold at most that many pages each,
/// and only the short ones run ahead: the first one with more pages than that stops the chain until the sync reaches
/// it. Requests stay one at a time ahead of the sync (the next search starts when one ends).
final class SearchLookahead: Sendable {
    /// A planned search: its first page and its resource type.
    struct Planned: Sendable {
        var url: URL
        var type: String
    }

    private let plan: [Planned]
    private let session: FHIRSession
    private let maximumPages: Int
    /// The searches started ahead and not taken yet, and every URL ever started ahead (each once per sync).
    private let started = Locked<(searches: [String: SearchPages], asked: Set<String>)>(([:], []))

    /// A lookahead over `plan`, downloading through `session`, at most `maximumPages` pages a search.
    init(plan: [Planned], session: FHIRSession, maximumPages: Int) {
        self.plan = plan
        self.session = session
        self.maximumPages = maximumPages
    }

    /// Starts downloading the search planned after the one starting at `url` (the first search when nil).
    func start(after url: URL?) {
        let index = url.map { url in plan.firstIndex { $0.url == url }.map { $0 + 1 } ?? plan.count } ?? 0
        guard index < plan.count else { return }
        let next = plan[index]
        started.withLock { started in
            guard started.asked.insert(next.url.absoluteString).inserted else { return }
            started.searches[next.url.absoluteString] = SearchPages(
                first: next.url, session: session, step: .download(resourceType: next.type), maximumPages: maximumPages,
                whenDownloaded: { [weak self] in self?.start(after: next.url) })
        }
    }

    /// The search starting at `url` when it was started ahead (handed out once), else nil.
    func take(_ url: URL) -> SearchPages? {
        started.withLock { $0.searches.removeValue(forKey: url.absoluteString) }
    }

    /// Cancels the searches nobody took.
    func cancel() {
        for search in started.withLock({ started in defer { started.searches.removeAll() }; return Array(started.searches.values) }) {
            search.cancel()
        }
    }
}
