import Foundation
@testable import HealthFHIR
import Testing
import TestSupport

/// The decoder that reads the FHIR models from their bytes gives what Foundation's JSONDecoder gives, on every corpus
/// resource and on damaged copies of them; bad bytes get an error naming the member and the problem, never a crash.
@Suite struct JSONSliceDecoderTests {
    /// A decoded resource as comparable text: type, id and the whole model.
    static func text(_ resource: FHIRAnyResource) -> String {
        var out = "\(resource.resourceType)/\(resource.id ?? "-")\n"
        dump(resource.model as Any, to: &out)
        return out
    }

    /// The resource as JSONDecoder reads it (the reader's path before the slice decoder), errors as the reader words them.
    static func foundation(_ data: Data) -> Result<String, FHIRDecodingError> {
        do {
            return .success(text(try JSONDecoder().decode(FHIRAnyResource.self, from: data)))
        } catch let error as DecodingError {
            return .failure(FHIRDecodingError(error))
        } catch {
            return .failure(FHIRDecodingError(path: "", reason: "\(error)"))
        }
    }

    /// The resource as the slice decoder reads it.
    static func slice(_ data: Data) -> Result<String, FHIRDecodingError> {
        do {
            return .success(text(try JSONSliceDecoder.decode(FHIRAnyResource.self, from: data)))
        } catch let error as FHIRDecodingError {
            return .failure(error)
        } catch let error as DecodingError {
            return .failure(FHIRDecodingError(error))
        } catch {
            return .failure(FHIRDecodingError(path: "", reason: "\(error)"))
        }
    }

    @Test(arguments: ["fhir-dstu2", "fhir-r4"])
    func everyCorpusResourceDecodesAsJSONDecoderDecodesIt(corpus: String) throws {
        guard let (files, _) = try FHIRCorpusTests.files(corpus) else { print(TestData.missingMessage); return }
        var compared = 0, different: [String] = []
        for file in files {
            for item in FHIRReader().read(try Data(contentsOf: file)).resources where item.resource.model != nil {
                if case .success(let expected) = Self.foundation(item.data), expected == Self.text(item.resource) {
                    compared += 1
                } else {
                    different.append("\(file.lastPathComponent) \(item.location)")
                }
            }
        }
        #expect(different.isEmpty, "\(different.count) differ: \(different.prefix(5))")
        print("\(corpus): \(compared) modelled resources decode alike")
        #expect(compared > 1000)
    }

    /// Damaged copies of real resources: cut short, a byte replaced, deleted or doubled, a member repeated, a value
    /// swapped for another kind. Whatever the damage, the slice decoder reads what JSONDecoder reads and fails
    /// where it fails, with the same words, except that it also refuses JSON that RFC 8259 does not allow.
    @Test func damagedResourcesFailWithAPathOrDecodeAsJSONDecoderDoes() throws {
        guard let (files, _) = try FHIRCorpusTests.files("fhir-r4") else { print(TestData.missingMessage); return }
        let sources = files.filter { $0.path.contains("synthea-selected-patients") || $0.path.contains("us-core-8") }
        var resources: [Data] = []
        for file in sources {
            let read = FHIRReader().read(try Data(contentsOf: file)).resources.filter { $0.resource.model != nil }
            resources += read.enumerated().filter { $0.offset % 9 == 0 }.map(\.element.data)
        }
        var generator = SeededGenerator(seed: 19)
        var outcomes: [String: Int] = [:]
        for original in resources.prefix(400) {
            for _ in 0..<10 {
                let damaged = Self.damage(original, using: &generator)
                switch (Self.foundation(damaged), Self.slice(damaged)) {
                case (.success(let expected), .success(let read)):
                    #expect(read == expected, "\(String(decoding: damaged, as: UTF8.self))")
                    outcomes["both read", default: 0] += 1
                case (.failure(let refusal), .success):
                    Issue.record("read what JSONDecoder refuses (\(refusal)): \(String(decoding: damaged, as: UTF8.self))")
                case (.success, .failure(let error)):
                    #expect(error.reason.hasPrefix("not valid JSON ("), "\(error): \(String(decoding: damaged, as: UTF8.self))")
                    outcomes["refused, JSONDecoder read it", default: 0] += 1
                case (.failure(let expected), .failure(let error)):
                    if !error.reason.hasPrefix("not valid JSON (") {
                        #expect(error == expected, "\(String(decoding: damaged, as: UTF8.self))")
                    }
                    outcomes[error.reason.hasPrefix("not valid JSON") ? "both refused, syntax" : "both refused, same error", default: 0] += 1
                }
            }
        }
        print("damaged resources: \(outcomes.sorted { $0.key < $1.key })")
        #expect(outcomes.count == 4, "every kind of outcome is exercised: \(outcomes)")
    }

    /// One random damage to `data`.
    static func damage(_ data: Data, using generator: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes[at] = Array(#"{}[],:"\0x-e."#.utf8).randomElement(using: &generator)!
        case 2: bytes.remove(at: at)
        case 3: bytes.insert(bytes[at], at: at)
        case 4: bytes[at] = [0x01, 0xFF, 0xC3, 0x7F].randomElement(using: &generator)!
        case 5:
            // A member repeated with another value: `"x":` becomes `"x":VALUE,"x":`.
            guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")), let quote = bytes[..<colon].dropLast().lastIndex(of: UInt8(ascii: "\"")),
                  let open = bytes[..<quote].lastIndex(of: UInt8(ascii: "\"")) else { break }
            let value = [#""text""#, "12", "null", "{}", "[]", "true", "1e999"].randomElement(using: &generator)!
            bytes.insert(contentsOf: Array(value.utf8) + [UInt8(ascii: ",")] + bytes[open...colon], at: colon + 1)
        default:
            // A string value swapped for a value of another kind.
            guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")), colon + 1 < bytes.count, bytes[colon + 1] == UInt8(ascii: "\""),
                  let close = bytes[(colon + 2)...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let value = ["12", "-0.5e3", "null", "{}", "[]", "false", "1e999", #"[{"a":1}]"#].randomElement(using: &generator)!
            bytes.replaceSubrange((colon + 1)...close, with: Array(value.utf8))
        }
        return Data(bytes)
    }
}
