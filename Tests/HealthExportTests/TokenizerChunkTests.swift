import Foundation
@testable import HealthExport
import Testing

/// The tokenizer scans each chunk where it lies and copies only a tag the chunk's end cuts: whatever the chunk sizes,
/// it must report exactly what it reports for the document in one piece.
@Suite("The tokenizer across chunk boundaries")
struct TokenizerChunkTests {
    /// Every token as text, with its line.
    private struct Recorder: XMLTokenSink {
        var events: [String] = []

        mutating func start(_ tag: RawTag) throws {
            let attributes = tag.allAttributes().map { "\($0.name)=\($0.value)" }.joined(separator: "|")
            events.append("\(tag.line) <\(tag.nameString) \(attributes)\(tag.selfClosing ? "/" : "")>")
        }
        mutating func end(_ name: UnsafeBufferPointer<UInt8>, line: Int) throws {
            events.append("\(line) </\(String(decoding: name, as: UTF8.self))>")
        }
        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
            events.append("\(line) text \(String(decoding: bytes, as: UTF8.self))")
        }
        mutating func malformed(_ message: String, line: Int) { events.append("\(line) malformed \(message)") }
    }

    /// The events of `bytes` fed in chunks of `size` (the whole at once for nil), and the tokenizer's final line and count.
    private func tokens(_ bytes: [UInt8], chunk size: Int?) throws -> [String] {
        var recorder = Recorder()
        var tokenizer = XMLTokenizer()
        let step = size ?? max(bytes.count, 1)
        try bytes.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let end = min(start + step, raw.count)
                try tokenizer.feed(UnsafeRawBufferPointer(rebasing: raw[start..<end]), into: &recorder)
                start = end
            }
        }
        try tokenizer.finish(into: &recorder)
        return recorder.events + ["line \(tokenizer.line) consumed \(tokenizer.consumed)"]
    }

    /// A document with what is hard to cut: a DOCTYPE subset, comments full of `>`, `>` inside attribute values, CDATA,
    /// processing instructions, a tag broken over lines, malformed tags, text with entities, and an unfinished last tag.
    static let awkward = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!ELEMENT HealthData (ExportDate,Me)>
    <!ATTLIST Record type CDATA #REQUIRED>
    ]>
    <HealthData locale="en_US">
     <!-- a comment > with > many >> arrows -> and -- dashes -->
     <Record type="a>b" value='x "quoted" > y' device="&lt;&lt;HKDevice: 0x1&gt;, name:Watch&gt;"/>
     <Record
        type = "multi"
        value="line"  >
      <MetadataEntry key="k" value="v"/>
     </Record >
     <gpx><trkpt lat="1.5" lon="-2"><ele>  12.5 </ele><time>2019-06-11T22:00:42Z</time></trkpt></gpx>
     <![CDATA[ raw <not a tag> ]]>
     <?pi some > thing?>
     <Broken a="1" / >
     <Bare a=1>
     <Lone a>
     text &amp; more
    </HealthData>
    <Unfinished a="
    """

    @Test("an awkward document gives the same tokens in chunks of any size")
    func awkwardDocument() throws {
        let bytes = Array(Self.awkward.utf8)
        let whole = try tokens(bytes, chunk: nil)
        #expect(whole.contains { $0.contains("malformed") })
        #expect(whole.contains { $0.contains("<Record type=a>b|value=x \"quoted\" > y") })
        for size in [1, 2, 3, 5, 7, 11, 16, 64, 100, 333] {
            #expect(try tokens(bytes, chunk: size) == whole, "chunks of \(size)")
        }
    }

    @Test("a demo export gives the same tokens in chunks of any size")
    func demoExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-chunks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try DemoExport(records: 1_500, seed: 3).write(to: folder)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: written.exportXML)))
        let whole = try tokens(bytes, chunk: nil)
        #expect(whole.count > 1_500)
        for size in [1, 97, 4096, 65_536] {
            #expect(try tokens(bytes, chunk: size) == whole, "chunks of \(size)")
        }
    }

    @Test("a comment longer than the pending limit is refused with its line, however it is cut")
    func oversizedComment() throws {
        var text = Array("<a>\n<!-- ".utf8)
        text += [UInt8](repeating: UInt8(ascii: ">"), count: XMLTokenizer.maximumPendingBytes + 10)
        for size in [1 << 20, 3 << 20] {
            #expect(throws: ExportReadError.self) { _ = try tokens(text, chunk: size) }
        }
    }
}
