import Foundation
import HealthDatabase

/// The slot cache's runs kept in the store (``FiguresNote``, encoded by ``StretchArchive``), so that the first query
/// after opening a store — a new process, a `health stats` call — does not compute every mixed run from its samples.
///
/// A note is exact only together with the changes after it: restoring applies the saved and deleted samples since
/// the note's change position and deletion mark, forgetting every run they touch, and the merge order is checked
/// again for every restored run (``StretchStore/reset()`` clears the order, so the next ``SlotCache/adopt(_:)`` checks).
///
/// The note holds the runs of every sample. A cache of some sources, some devices or without user-entered samples
/// takes those whose slots hold nothing it leaves out: there it sums the same samples, so a run of the same slots has
/// the same figures. A source set covering every source of the type (an app's `NOT` of its own samples when it has
/// none, an `OR` of every source) thus starts from the note as the whole type's cache does, and a set leaving out a
/// few samples computes only the runs those touch. Only the whole type's cache writes the note.
extension SlotCache {
    /// Takes the runs of the store's note for the type whose slots hold nothing the cache leaves out (``leftOut``,
    /// gathered by the reload that calls this), then forgets those the changes since the note touched (every saved
    /// sample's slots, every deleted sample's slots). A note that does not decode is ignored, as is one older than
    /// ``changeLimit`` changes; a cache without mixed slots has no run to take and does not read it.
    func restoreRuns(_ storage: any SlotSumStorage) throws {
        guard single.contains(where: { $0 < 0 }), let note = try storage.figuresNote(type: type),
              let archive = StretchArchive.decode(note.data) else { return }
        guard let changed = try changes(after: note.position, deletedAfter: note.deletedMark, storage) else { return }
        let leftOut = (self.leftOut ?? []).sorted()
        let ids = archive.names.map(sourceID)
        let lists = archive.lists.map { list in runs.list(list.map { ids[Int($0)] }) }
        for entry in archive.entries {
            let position = index(of: entry.start)
            guard position < keys.count, keys[position] == entry.start, single[position] < 0 else { continue }
            let next = leftOut.partitionIndex { $0 >= entry.start }
            guard next == leftOut.count || leftOut[next] >= entry.end else { continue }
            let figures = StretchStore.Figures(end: entry.end, merged: entry.merged,
                                           bySource: entry.bySource.map { (source: ids[Int($0.name)], sum: $0.sum) })
            runs.store(figures, list: lists[Int(entry.list)], at: position, start: entry.start)
        }
        for range in changed.saved.map(\.slots) + changed.deleted { runs.forget(touching: range, keys: keys, index: index(of:)) }
    }

    /// Writes the computed runs into the store's note for the type once enough new ones were computed — at least
    /// ``SlotCache/runsWorthANote`` and a quarter of all runs, so the first query after opening writes one and the
    /// few runs each update recomputes do not make every 256th update pay for rewriting them all — with the change
    /// position and deletion mark the cache reflects. Best effort: a store that cannot take the note (read only,
    /// busy) only loses the head start of the next process's first query.
    func keepNote(_ storage: any SlotSumStorage) {
        guard isWhole, runsSinceNote >= max(Self.runsWorthANote, runs.count / 4) else { return }
        let stored = runs.stored()
        var listIndex: [[Int32]: Int32] = [:], lists: [[Int32]] = []
        let runLists = stored.map { stored in
            listIndex[stored.sources] ?? {
                lists.append(stored.sources)
                listIndex[stored.sources] = Int32(lists.count - 1)
                return Int32(lists.count - 1)
            }()
        }
        // Each entry made as the encoder reads it: all of them at once were as large as the note.
        let entries = stored.indices.lazy.map { index in
            let run = stored[index]
            return StretchArchive.Entry(start: self.keys[run.position], end: run.figures.end, merged: run.figures.merged,
                                        list: runLists[index],
                                        bySource: run.figures.bySource.map { StretchArchive.Pair(name: $0.source, sum: $0.sum) })
        }
        let data = StretchArchive.encode(names: sourceNames, lists: lists, entries: entries)
        try? storage.setFiguresNote(FiguresNote(position: position, deletedMark: deletedMark, data: data), type: type)
        runsSinceNote = 0
    }

}
