import Foundation

/// Turns what a person has (QR content, a `.smart-health-card` file, a JWS) into compact JWS strings.
public enum SmartHealthCardInput {
    /// The most bytes of card input read, all files together (4 MiB; a card is a few kilobytes).
    public static let maximumInputBytes = 4 << 20

    /// The text of a card file, refusing a file over ``maximumInputBytes`` before reading it.
    public static func contents(ofFile path: String) throws(SmartHealthCardError) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > maximumInputBytes {
            throw SmartHealthCardError(.input, "\(path) is \(size) bytes; card input is read up to \(maximumInputBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw SmartHealthCardError(.input, "\(path): cannot read the file") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The cards in `texts`, the contents of one or more files:
    /// - `shc:/…` numeric QR content (one string per QR code; several for the chunks of one multi-chunk card,
    ///   given as several files or as several lines of one file);
    /// - a `.smart-health-card` file or FHIR `$health-cards-issue` result: JSON with `verifiableCredential`;
    /// - a compact JWS.
    /// Throws a ``SmartHealthCardCheck/input`` or ``SmartHealthCardCheck/qrNumeric`` error naming the problem.
    public static func jwsList(from texts: [String]) throws(SmartHealthCardError) -> [String] {
        let size = texts.reduce(0) { $0 + $1.utf8.count }
        guard size <= maximumInputBytes else {
            throw SmartHealthCardError(.input, "the input is \(size) bytes; card input is read up to \(maximumInputBytes) bytes")
        }
        let trimmed = texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isEmpty) else { throw SmartHealthCardError(.input, "empty input") }
        if trimmed.allSatisfy({ $0.hasPrefix("shc:/") }) {
            let chunks = trimmed.flatMap { $0.split(whereSeparator: \.isNewline).map(String.init) }
            return [try NumericQR.jws(fromChunks: chunks)]
        }
        if trimmed.contains(where: { $0.lowercased().hasPrefix("shc:") }) {
            throw SmartHealthCardError(.qrNumeric, "QR content must start with \"shc:/\" and not be mixed with other inputs")
        }
        var result: [String] = []
        for text in trimmed {
            if text.hasPrefix("{") { result += try credentials(inJSON: text) } else { result.append(text) }
        }
        return result
    }

    /// The `verifiableCredential` strings of a `.smart-health-card` file or a `Parameters` resource.
    static func credentials(inJSON text: String) throws(SmartHealthCardError) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw SmartHealthCardError(.input, "the file is not valid JSON")
        }
        if let list = object["verifiableCredential"] {
            guard let jwsList = list as? [String], !jwsList.isEmpty else {
                throw SmartHealthCardError(.input, "verifiableCredential must be a non-empty array of JWS strings")
            }
            return jwsList
        }
        if object["resourceType"] as? String == "Parameters", let parameters = object["parameter"] as? [[String: Any]] {
            let jwsList = parameters.filter { $0["name"] as? String == "verifiableCredential" }.compactMap { $0["valueString"] as? String }
            if !jwsList.isEmpty { return jwsList }
        }
        throw SmartHealthCardError(.input, "the JSON has no verifiableCredential array")
    }
}
