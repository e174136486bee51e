import Foundation

/// The text layout of an export's `electrocardiograms/ecg_<date>.csv` (one file per ECG an Apple Watch recorded):
/// a header block of `key,value` lines (`Name`, `Date of Birth`, `Recorded Date`, `Classification`, `Symptoms`,
/// `Software Version`, `Device`, `Sample Rate`), a blank line, `Lead` and `Unit` lines, a blank line, then one voltage
/// per line (µV). Read and written here without any HealthKit meaning: ``ElectrocardiogramConverter`` gives it that.
/// See docs/AppleHealthExport.md for what is known and what is guessed.
struct ECGFile: Equatable {
    /// The header keys OpenHealthKit reads, as Apple's English exports spell them.
    enum Key: String, CaseIterable {
        case name = "Name", dateOfBirth = "Date of Birth", recordedDate = "Recorded Date", classification = "Classification"
        case symptoms = "Symptoms", softwareVersion = "Software Version", device = "Device", sampleRate = "Sample Rate"
        case lead = "Lead", unit = "Unit"
        /// Not in Apple's files as far as is known; read when present and written for ECGs that have one.
        case averageHeartRate = "Average Heart Rate"

        /// Where Apple puts the key among the header lines, for files whose keys are in another language.
        var position: Int? { Self.appleOrder.firstIndex(of: self) }
        private static let appleOrder: [Key] = [.name, .dateOfBirth, .recordedDate, .classification, .symptoms,
                                                .softwareVersion, .device, .sampleRate, .lead, .unit]
    }

    /// One header line.
    struct Field: Equatable {
        /// The key, as written.
        var key: String
        /// The value, unquoted.
        var value: String
        /// The line (1-based).
        var line: Int
    }

    /// The largest file read: 16 MiB, about 50 times a 30-second recording at 512 Hz (15,360 voltage lines, about
    /// 300 KB). A larger file is reported and not read (docs/ClinicalRecords.md, "Limits on outside input").
    static let maximumFileBytes = 16 << 20

    /// The header lines, in file order.
    var header: [Field]
    /// The voltages in the file's unit, in file order.
    var voltages: [Double]

    /// The header line for `key`: by its English name (any case); in a file without an English `Recorded Date` line (a
    /// translated export), the line at Apple's position for it.
    func field(_ key: Key) -> Field? {
        if let named = header.first(where: { Self.isKey(key, $0.key) }) { return named }
        guard let position = key.position, position < header.count,
              !header.contains(where: { Self.isKey(.recordedDate, $0.key) }) else { return nil }
        return header[position]
    }

    private static func isKey(_ key: Key, _ text: String) -> Bool { text.caseInsensitiveCompare(key.rawValue) == .orderedSame }

    /// The file's contents, or the first problem with its line. Lines may end in `\n` or `\r\n`; a UTF-8 byte order mark
    /// is skipped; voltages may use a decimal comma (`-265,868`).
    static func read(_ data: Data) -> Result<ECGFile, ImportProblem> {
        var file = ECGFile(header: [], voltages: [])
        guard let problem = data.withUnsafeBytes({ readBytes($0, into: &file) }) else { return readThroughText(data) }
        return finished(file, problem)
    }

    /// ``read(_:)`` with every line through a `String`: what `read` does for files that are not plain ASCII (and what
    /// tests hold its byte reading equal to).
    static func readThroughText(_ data: Data) -> Result<ECGFile, ImportProblem> {
        var file = ECGFile(header: [], voltages: [])
        let problem = readText(data, into: &file)
        return finished(file, problem)
    }

    private static func finished(_ file: ECGFile, _ problem: ImportProblem?) -> Result<ECGFile, ImportProblem> {
        if let problem { return .failure(problem) }
        if file.header.isEmpty && file.voltages.isEmpty { return .failure(ImportProblem(.malformedFile, line: 1, "the file is empty")) }
        return .success(file)
    }

    /// Reads `data` through a `String`, line by line; the first problem, if any.
    private static func readText(_ data: Data, into file: inout ECGFile) -> ImportProblem? {
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var number = 0
        // "\r\n" is one Character in Swift, so lines are split on every newline character rather than on "\n".
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            if let problem = take(rawLine.trimmingCharacters(in: .whitespacesAndNewlines), line: number, into: &file) { return problem }
        }
        return nil
    }

    /// Reads a file whose lines end in `\n` or `\r\n` (after an optional byte order mark) from the bytes, as
    /// ``readText(_:into:)`` would: a voltage line that is a plain number becomes a number without a `String` in between
    /// (a recording has about 15,000 of them), any other line goes through ``take(_:line:into:)``. Nil, having read
    /// nothing, for a file with other line separators (which ``readText(_:into:)`` reads).
    private static func readBytes(_ bytes: UnsafeRawBufferPointer, into file: inout ECGFile) -> ImportProblem?? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // Character.isNewline also splits on a lone return, vertical tab, form feed, U+0085, U+2028 and U+2029: those
        // files take the text path. (A `\n` byte is a newline however the bytes around it decode.)
        for index in start..<bytes.count {
            switch bytes[index] {
            case 0x0B, 0x0C: return nil
            case 0x0D where index + 1 == bytes.count || bytes[index + 1] != 0x0A: return nil
            case 0x85 where index > 0 && bytes[index - 1] == 0xC2: return nil
            case 0xA8...0xA9 where index > 1 && bytes[index - 1] == 0x80 && bytes[index - 2] == 0xE2: return nil
            default: continue
            }
        }
        let base = bytes.assumingMemoryBound(to: UInt8.self)
        var number = 0
        while start <= bytes.count {
            let newline = base[start...].firstIndex(of: 0x0A) ?? bytes.count
            number += 1
            var lower = start, upper = newline
            while lower < upper, isSpace(base[lower]) { lower += 1 }
            while upper > lower, isSpace(base[upper - 1]) { upper -= 1 }
            start = newline + 1
            guard lower < upper else { continue }
            let line = UnsafeBufferPointer(rebasing: base[lower..<upper])
            if let first = line.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first), let value = ExportValues.number(line), value.isFinite {
                file.voltages.append(value)
                continue
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let problem = take(text, line: number, into: &file) { return .some(problem) }
        }
        return .some(nil)
    }

    /// ASCII white space as `trimmingCharacters(in: .whitespacesAndNewlines)` trims it (vertical tab and form feed
    /// never reach here).
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Takes one trimmed line (line `number`) into `file`: a voltage, or a header line before the voltages; the problem
    /// when it is neither.
    private static func take(_ line: String, line number: Int, into file: inout ECGFile) -> ImportProblem? {
        if line.isEmpty { return nil }
        if let voltage = voltage(line) {
            file.voltages.append(voltage)
            return nil
        }
        guard file.voltages.isEmpty else {
            return ImportProblem(.malformedFile, line: number, "\"\(line.prefix(40))\" is not a voltage")
        }
        // The comma is looked for among scalars: a combining mark after it would make ",\u{7EB}" one Character.
        guard let comma = line.unicodeScalars.firstIndex(of: ",") else {
            return ImportProblem(.malformedFile, line: number, "\"\(line.prefix(40))\" is neither a key,value line nor a voltage")
        }
        let key = String(line.unicodeScalars[..<comma]).trimmingCharacters(in: .whitespaces)
        let value = String(line.unicodeScalars[line.unicodeScalars.index(after: comma)...]).trimmingCharacters(in: .whitespaces)
        file.header.append(Field(key: unquoted(key), value: unquoted(value), line: number))
        return nil
    }

    /// The file as text: the header lines up to `Lead`, a blank line, the rest of the header, a blank line, the voltages
    /// (three decimals, as Apple writes µV).
    func text() -> String {
        var out = ""
        for field in header {
            if field.key == Key.lead.rawValue { out += "\n" }
            var line = "\(Self.quoted(field.key)),\(Self.quoted(field.value))"
            // A header line that would read as a voltage (key "5", value "195" is "5,195") gets its key quoted.
            if Self.voltage(line) != nil { line = "\"\(field.key)\",\(Self.quoted(field.value))" }
            out += line + "\n"
        }
        out += "\n"
        for voltage in voltages { out += Self.format(voltage) + "\n" }
        return out
    }

    /// A voltage line's value: a plain number, or a number with a decimal comma and no other comma.
    private static func voltage(_ line: String) -> Double? {
        let line = unquoted(line)
        guard let first = line.first, first == "-" || first == "+" || first == "." || first.isASCII && first.isNumber else { return nil }
        if let value = ExportValues.number(line), value.isFinite { return value }
        let parts = line.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !line.contains("."), !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return ExportValues.number(String(parts[0]) + "." + String(parts[1])).flatMap { $0.isFinite ? $0 : nil }
    }

    /// `"Watch5,4"` → `Watch5,4` (doubled quotes inside become one). Quotes are looked for among scalars: a combining
    /// mark after a quote makes them one Character.
    private static func unquoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return text }
        return String(scalars.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }

    /// A value quoted when it holds a comma or a quote, has outer spaces, or starts with a byte order mark (which, first
    /// in the file, reading would take for the file's own and skip).
    private static func quoted(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" }) || text.unicodeScalars.first == "\u{FEFF}"
                || text != text.trimmingCharacters(in: .whitespaces) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `-48.673`, `12`: three decimals at most, no trailing zeros; a magnitude too large for that to read back (numbers
    /// are read up to 63 characters) in exponent form, `1.5e+63`.
    static func format(_ value: Double) -> String {
        guard abs(value) < 1e15 else { return "\(value)" }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
