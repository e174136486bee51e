import Foundation

/// Reads the export's route files (workout-routes/*.gpx, in name order, which is date order) on a worker thread
/// ahead of the parsing thread, which takes each when its workout's `FileReference` names it: parsing GPX is the
/// largest cost of a workout, and the worker uses the time the other core has to spare. At most `window` files read
/// and not yet taken are held, so memory stays bounded. A file the worker has not reached is read by the parsing
/// thread itself (and skipped by the worker); a file being read is waited for. Files read ahead and left behind
/// (referenced by no workout, or much earlier in name order than the workouts now read) are dropped, so the worker
/// keeps going; a file dropped and then asked for is read again.
final class RouteLookahead: @unchecked Sendable {
    private enum State {
        case claimed, reading
        case ready(RouteFile.Outcome)
    }

    private let files: ExportFiles
    private let window: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var states: [Substring: State] = [:]
    private var readyPositions = Set<Int>()
    private var stopped = false
    private let keys: [Substring]
    private let positions: [Substring: Int]

    /// Starts reading `files`' route files ahead, holding at most `window` of them; with no route files, no thread.
    init(files: ExportFiles, window: Int = 8) {
        self.files = files
        self.window = max(1, window)
        let paths = files.paths(in: RouteFile.folder).filter { $0.lowercased().hasSuffix(".gpx") }
        keys = paths.map(RouteFile.key)
        positions = Dictionary(keys.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        guard !paths.isEmpty else { return }
        Thread.detachNewThread { [self] in run(paths) }
    }

    /// The route file at `path`: read ahead, being read (waited for), or read now on the calling thread.
    func outcome(for path: String) -> RouteFile.Outcome {
        let key = RouteFile.key(path)
        condition.lock()
        while !stopped, case .reading = states[key] { condition.wait() }
        if !stopped, case .ready(let outcome) = states[key] {
            states[key] = .claimed
            if let position = positions[key] { readyPositions.remove(position) }
            dropLeftBehind(before: positions[key])
            condition.broadcast()
            condition.unlock()
            return outcome
        }
        states[key] = .claimed
        dropLeftBehind(before: positions[key])
        condition.unlock()
        return RouteFile.read(path, files: files)
    }

    /// Stops the worker (after the last workout, or when the import stops early) and drops what it holds.
    func stop() {
        condition.lock()
        stopped = true
        states = [:]
        readyPositions = []
        condition.broadcast()
        condition.unlock()
    }

    private func run(_ paths: [String]) {
        for (position, path) in paths.enumerated() {
            let key = keys[position]
            condition.lock()
            while !stopped, readyPositions.count >= window { condition.wait() }
            guard !stopped else { return condition.unlock() }
            guard states[key] == nil else {
                condition.unlock()
                continue
            }
            states[key] = .reading
            condition.unlock()
            let outcome = RouteFile.read(path, files: files)
            condition.lock()
            guard !stopped else { return condition.unlock() }
            if case .reading = states[key] {
                states[key] = .ready(outcome)
                readyPositions.insert(position)
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Drops files read ahead more than `window` places before `position` in name order (the caller holds the lock).
    private func dropLeftBehind(before position: Int?) {
        guard let position else { return }
        for behind in readyPositions where behind < position - window {
            readyPositions.remove(behind)
            states[keys[behind]] = .claimed
        }
    }
}
