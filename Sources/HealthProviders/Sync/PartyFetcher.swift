import Crypto
import Foundation
import HealthRecords
import HealthLocking

/// The Practitioners and Organizations a sync's pages refer to, each downloaded at most once per sync and kept with
/// the connection (``ReferencedParties``): on a full check every party referenced is read again and a changed one
/// replaces the kept one; otherwise only parties not kept yet are read. A party that cannot be read costs only its
/// name (displays fall back to the reference's `display`); one the source no longer has (404, 410) is forgotten.
final class PartyFetcher: Sendable {
    /// What a sync did with parties.
    struct State {
        var parties: ReferencedParties
        var done: Set<String> = []
        var counts = SyncReport.PartyCounts()
        var changed = false
    }

    private let state: Locked<State>
    /// Whether kept parties are read again (a full check).
    let refresh: Bool
    /// The party types the grant lets the sync read.
    let readable: Set<String>

    /// A fetcher starting from the connection's kept parties.
    init(kept: ReferencedParties, refresh: Bool, granted: SMARTScopes) {
        state = Locked(State(parties: kept))
        self.refresh = refresh
        readable = PartyReferences.types.filter(granted.allowsRead)
    }

    /// Reads the parties `resources` (a page's, as read) refer to that this sync has not handled yet. Only a
    /// resource whose bytes name a party type (or hold a `\u` escape that could spell one) is parsed to find them.
    func collect(resources: [FHIRReadResource], session: FHIRSession) async {
        guard !readable.isEmpty else { return }
        var wanted: [String] = []
        for item in resources where Self.mayNameParty(item.data) {
            guard let resource = (try? JSONSerialization.jsonObject(with: item.data)) as? [String: Any] else { continue }
            for mention in PartyReferences.mentions(in: resource) {
                if let key = PartyReferences.key(mention.reference, base: session.base), readable.contains(String(key.prefix { $0 != "/" })) {
                    wanted.append(key)
                }
            }
        }
        for key in wanted {
            let fetch = state.withLock { (state: inout State) -> Bool in
                guard state.done.insert(key).inserted else { return false }
                return refresh || state.parties.parties[key] == nil
            }
            if fetch { await read(key, session: session) }
        }
    }

    /// Whether `data` contains `Practitioner`, `Organization` or `\u`: a party is named by its type, in the
    /// reference or in the contained resource it points to.
    static func mayNameParty(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            [Array("Practitioner".utf8), Array("Organization".utf8), Array("\\u".utf8)].contains { contains(bytes, $0) }
        }
    }

    /// Whether `needle` occurs in `bytes` (`memchr` finds each candidate first byte).
    private static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let base = bytes.baseAddress, let head = needle.first else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            guard let found = memchr(base + index, Int32(head), bytes.count - index - needle.count + 1) else { return false }
            index = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + index, needle, needle.count) == 0 { return true }
            index += 1
        }
        return false
    }

    /// The parties to save when any changed (then marked saved), else nil.
    func changes() -> ReferencedParties? {
        state.withLock { state in
            guard state.changed else { return nil }
            state.changed = false
            return state.parties
        }
    }

    /// What this sync did.
    var counts: SyncReport.PartyCounts { state.withLock { $0.counts } }

    private func read(_ key: String, session: FHIRSession) async {
        let type = String(key.prefix { $0 != "/" })
        let answer = try? await session.get(FHIRURL.join(session.base, key), step: .download(resourceType: type))
        guard let answer, answer.status == 200, let resource = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any],
              resource["resourceType"] as? String == type else {
            state.withLock { state in
                state.counts.unavailable += 1
                if answer?.status == 404 || answer?.status == 410, state.parties.parties.removeValue(forKey: key) != nil { state.changed = true }
            }
            return
        }
        let meta = resource["meta"] as? [String: Any]
        let version = (meta?["versionId"] as? String) ?? (meta?["lastUpdated"] as? String)
            ?? SHA256.hash(data: answer.body).map { String(format: "%02x", $0) }.joined()
        let party = ReferencedParty(reference: key, name: PartyReferences.name(of: resource), version: version, fetched: Date())
        state.withLock { state in
            state.counts.fetched += 1
            if let kept = state.parties.parties[key], kept.version == party.version, kept.name == party.name { return }
            if state.parties.parties[key] != nil { state.counts.changed += 1 }
            state.parties.parties[key] = party
            state.changed = true
        }
    }
}
