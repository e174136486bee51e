import Foundation

/// libFuzzer's entry for a program that has its own `main` (it is in the fuzzer runtime `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The target chosen for this run.
nonisolated(unsafe) var selectedTarget: FuzzTarget?

/// libFuzzer calls this with each input; it runs the selected target. A crash, a hang or a leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let selectedTarget else { return 0 }
    let input = data.map { Data(bytes: $0, count: size) } ?? Data()
    autoreleasepool { selectedTarget.run(input) }
    return 0
}

/// The program's entry (SwiftPM links an executable's `main` to `<module>_main`): reads OPENHEALTHKIT_FUZZ_TARGET,
/// then hands the command line to libFuzzer.
@_cdecl("OpenHealthKitFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let name = ProcessInfo.processInfo.environment["OPENHEALTHKIT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: " ")
        FileHandle.standardError.write(Data("set OPENHEALTHKIT_FUZZ_TARGET to one of: \(names)\n".utf8))
        return 64
    }
    target.prepare()
    selectedTarget = target
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
}

#if !canImport(ObjectiveC)
/// Off Apple platforms there is no autorelease pool; the block just runs.
func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result { try body() }
#endif
