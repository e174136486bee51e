import Foundation
import HealthRecords
import HealthLocking

/// The sync's searches in order, planned when it starts, so that each search's first page is asked for as soon as
/// the search before it has downloaded its last page (while those pages are still being stored), and the first
/// search's while the Patient is read. A search that finds its first page asked for takes the answer; one planned
/// differently by then (scopes changed by a refresh, a type checked again whole) asks for its own, and the unused
/// answer is cancelled when the sync ends.
final class SearchLookahead: Sendable {
    /// A planned search: its first page and its resource type.
    struct Planned: Sendable {
        var url: URL
        var type: String
    }

    private let plan: [Planned]
    private let session: FHIRSession
    /// The answers asked for ahead and not taken yet, and every URL ever asked for ahead (asked once per sync).
    private let started = Locked<(answers: [String: Task<HTTPTransport.Response, any Error>], asked: Set<String>)>(([:], []))

    /// A lookahead over `plan`, asking through `session`.
    init(plan: [Planned], session: FHIRSession) {
        self.plan = plan
        self.session = session
    }

    /// Asks for the first page of the search planned after the one starting at `url` (the first search's when nil).
    ///
    /// When that page turns out to be its search's only one (no `next` link: most searches of a chart are empty or
    /// short), the search is downloaded whole, so the one after it is asked for too, and so on, while fewer than
    /// ``SearchPages/capacity`` answers wait untaken: otherwise the server idled while the sync stored the searches
    /// before (a 5,000-resource chart's empty searches each left it idle 50-130 ms).
    func start(after url: URL?) {
        let index = url.map { url in plan.firstIndex { $0.url == url }.map { $0 + 1 } ?? plan.count } ?? 0
        guard index < plan.count else { return }
        let next = plan[index], session = session
        started.withLock { started in
            guard started.asked.insert(next.url.absoluteString).inserted else { return }
            started.answers[next.url.absoluteString] = Task { [self] in
                let answer = try await session.get(next.url, step: .download(resourceType: next.type))
                if Self.isOnlyPage(answer), self.started.withLock({ $0.answers.count < SearchPages.capacity }) { start(after: next.url) }
                return answer
            }
        }
    }

    /// Whether `answer` is a search's whole result: a Bundle without a `next` link.
    static func isOnlyPage(_ answer: HTTPTransport.Response) -> Bool {
        guard answer.status == 200, let head = try? FHIRBundleLinks(answer.body) else { return false }
        return head.resourceType == "Bundle" && head.links["next"] == nil
    }

    /// The answer to `url` when it was asked for ahead (handed out once), else nil.
    func take(_ url: URL) -> Task<HTTPTransport.Response, any Error>? {
        started.withLock { $0.answers.removeValue(forKey: url.absoluteString) }
    }

    /// The answer to `url` asked for ahead and not taken yet, left in place (for tests).
    func waiting(_ url: URL) -> Task<HTTPTransport.Response, any Error>? {
        started.withLock { $0.answers[url.absoluteString] }
    }

    /// Cancels the answers no search took.
    func cancel() {
        for task in started.withLock({ started in defer { started.answers.removeAll() }; return Array(started.answers.values) }) { task.cancel() }
    }
}
