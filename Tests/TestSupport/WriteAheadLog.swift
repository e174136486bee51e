import Foundation

/// An SQLite store's write-ahead log (`PATH-wal`) read as its file format says: how many transactions were committed
/// into it since it was last reset. Tests count commits with it (a store that is not checkpointed in between keeps
/// every frame).
public enum WriteAheadLog {
    /// The commit frames (a frame whose header gives the database's size after the commit) of the log of the store at
    /// `path`, read from the start while their salts match the log header's (later frames are left from before a reset);
    /// 0 when there is no log.
    public static func commits(ofStoreAt path: String) throws -> Int {
        guard let log = FileManager.default.contents(atPath: path + "-wal"), log.count >= 32 else { return 0 }
        let bytes = [UInt8](log)
        func word(_ offset: Int) -> UInt32 { bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        let magic = word(0)
        guard magic == 0x377f_0682 || magic == 0x377f_0683 else { throw CocoaError(.fileReadCorruptFile) }
        let pageSize = Int(word(8)), salts = (word(16), word(20))
        var commits = 0, frame = 32
        while frame + 24 + pageSize <= bytes.count, (word(frame + 8), word(frame + 12)) == salts {
            if word(frame + 4) != 0 { commits += 1 }
            frame += 24 + pageSize
        }
        return commits
    }
}
