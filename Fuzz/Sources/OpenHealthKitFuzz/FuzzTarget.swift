import Foundation

/// One fuzz target: a reader of outside bytes, driven with whatever bytes libFuzzer makes. A target checks what must
/// hold for every input (no crash, no hang; where there is one, an oracle such as a round trip) and ignores errors,
/// which are the expected answer to bad input.
struct FuzzTarget: Sendable {
    /// The name run.sh and OPENHEALTHKIT_FUZZ_TARGET use; also the seed folder's name under Fuzz/corpus.
    let name: String
    /// Called once before fuzzing (loads fixed material such as the issuer keys the card targets verify with).
    var prepare: @Sendable () -> Void = {}
    /// Called with each input.
    let run: @Sendable (Data) -> Void

    /// Every target, in the order `run.sh all` runs them.
    static let all: [FuzzTarget] = [
        UnitTargets.unitString,
        FHIRTargets.json, FHIRTargets.ndjson,
        DocumentTargets.cda,
        ExportTargets.exportXML, ExportTargets.gpx, ExportTargets.ecg,
        CardTargets.card, CardTargets.inflate, CardTargets.jwks, CardTargets.revocation,
    ]
}

/// Stops the run: an input broke something that must hold for every input.
func violated(_ message: String, _ input: Data) -> Never {
    fatalError("\(message) (input: \(input.base64EncodedString()))")
}
