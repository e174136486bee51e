import Foundation
import HealthLocking

// How finished jobs go: after their lifetime, beyond the number kept per person, and what a stopped server left.
extension JobRegistry {
    /// Forgets the finished and failed jobs past ``Retention/lifetime`` and, per person and kind, those beyond the
    /// newest ``Retention/keptPerPerson``, and removes their folders. Jobs still going are never touched. Runs before
    /// every lookup and every new job, and on the server's maintenance timer.
    func sweep() {
        let now = now()
        let expired = table.withLock { table -> [Key] in
            var gone: [Key] = []
            var ended: [String: [(key: Key, at: Date)]] = [:]
            for (key, job) in table.jobs where !job.isActive {
                let at = job.finishedAt ?? job.createdAt
                if now.timeIntervalSince(at) >= retention.lifetime {
                    gone.append(key)
                } else {
                    ended[key.kind.rawValue + "/" + key.person, default: []].append((key, at))
                }
            }
            for jobs in ended.values where jobs.count > retention.keptPerPerson {
                gone += jobs.sorted { $0.at > $1.at }.dropFirst(max(0, retention.keptPerPerson)).map(\.key)
            }
            for key in gone { table.jobs[key] = nil }
            return gone
        }
        for key in expired { removeFolder(key) }
    }

    /// At start: reads the jobs a previous run left in each kind's folder. A job it left unfinished is failed (its
    /// record kept, saying so; its files removed: a half-made upload or export is of no use); a folder without a
    /// readable `job.json`, and anything else that is not a job's folder, is removed; then expired jobs go
    /// (``sweep()``).
    func recover() {
        recover(ImportJob.self)
        recover(ExportJob.self)
        sweep()
    }

    private func recover<Job: BackgroundJob>(_ type: Job.Type) {
        let files = FileManager.default
        let kindFolder = dataFolder.appendingPathComponent(Job.kind.rawValue)
        for person in (try? files.contentsOfDirectory(atPath: kindFolder.path)) ?? [] {
            let personFolder = kindFolder.appendingPathComponent(person)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: personFolder.path, isDirectory: &isFolder), isFolder.boolValue else {
                try? files.removeItem(at: personFolder)   // not a person's folder
                continue
            }
            for id in (try? files.contentsOfDirectory(atPath: personFolder.path)) ?? [] {
                let key = Key(kind: Job.kind, person: person, job: id)
                guard let data = try? Data(contentsOf: folder(key).appendingPathComponent("job.json")),
                      var job = try? WireCoding.decoder().decode(Job.self, from: data), job.id == id else {
                    removeFolder(key)
                    continue
                }
                if job.isActive {
                    job.fail(Job.interruptedMessage, at: now())
                    for name in (try? files.contentsOfDirectory(atPath: folder(key).path)) ?? [] where name != "job.json" {
                        try? files.removeItem(at: folder(key).appendingPathComponent(name))
                    }
                    save(job, key: key)
                }
                table.withLock { $0.jobs[key] = job }
            }
            _ = rmdir(personFolder.path)   // a person's folder left holding no job
        }
    }
}
