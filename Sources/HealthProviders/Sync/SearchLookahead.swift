import Foundation
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
    func start(after url: URL?) {
        let index = url.map { url in plan.firstIndex { $0.url == url }.map { $0 + 1 } ?? plan.count } ?? 0
        guard index < plan.count else { return }
        let next = plan[index], session = session
        started.withLock { started in
            guard started.asked.insert(next.url.absoluteString).inserted else { return }
            started.answers[next.url.absoluteString] = Task { try await session.get(next.url, step: .download(resourceType: next.type)) }
        }
    }

    /// The answer to `url` when it was asked for ahead (handed out once), else nil.
    func take(_ url: URL) -> Task<HTTPTransport.Response, any Error>? {
        started.withLock { $0.answers.removeValue(forKey: url.absoluteString) }
    }

    /// Cancels the answers no search took.
    func cancel() {
        for task in started.withLock({ started in defer { started.answers.removeAll() }; return Array(started.answers.values) }) { task.cancel() }
    }
}
