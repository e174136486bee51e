import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// The permission sheet on a terminal: lists the app and the types, and asks yes or no per group
/// (share, read), or type by type.
///
/// OpenHealthKit extension. It talks to the controlling terminal (`/dev/tty`), not to standard input and
/// output, so it works while the program's output is piped. Without a terminal it decides nothing and
/// throws ``HKError/Code/errorUserCanceled``: the sheet could not be shown, so the types stay undecided
/// and a later request asks again. Anything but `y`/`yes` (or `e` to answer each type) denies.
public struct TerminalAuthorizationPrompt: AuthorizationPrompt {
    /// Reads one line of the answer; `nil` at end of input.
    private let readLine: @Sendable () -> String?
    /// Writes text to the person.
    private let write: @Sendable (String) -> Void
    /// Whether the terminal could be opened.
    private let available: @Sendable () -> Bool

    /// A prompt on the controlling terminal.
    public init() {
        available = { Self.isTerminalAvailable() }
        readLine = { TTY.receiveLine() }
        write = { TTY.send($0) }
    }

    /// A prompt on other input and output, for tests (package access).
    package init(readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void) {
        self.available = { true }
        self.readLine = readLine
        self.write = write
    }

    /// Whether this process has a controlling terminal to ask on.
    public static func isTerminalAvailable() -> Bool {
        let descriptor = open("/dev/tty", O_RDWR)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// Shows the request on the terminal and returns the answers.
    public func decide(_ request: AuthorizationPromptRequest) throws -> AuthorizationPromptResponse {
        guard available() else {
            throw HKError(.errorUserCanceled, "no terminal to ask for authorization on (set OPENHEALTHKIT_AUTHORIZATION)")
        }
        write("\n\"\(request.app.name)\" (\(request.app.bundleIdentifier)) would like to access your health data.\n")
        let share = ask("save (share)", Array(request.typesToShare))
        let read = ask("read", Array(request.typesToRead), required: request.requiredTypesToRead)
        return AuthorizationPromptResponse(allowedToShare: Set(share), allowedToRead: Set(read))
    }

    /// Asks about one group; returns the allowed types.
    private func ask<T: HKObjectType>(_ verb: String, _ types: [T], required: Set<HKObjectType> = []) -> [T] {
        guard !types.isEmpty else { return [] }
        let sorted = types.sorted { $0.shortName < $1.shortName }
        write("Allow it to \(verb): \(sorted.map { label($0, required) }.joined(separator: ", "))\n")
        switch answer("Allow all \(sorted.count) to \(verb)? [y]es / [n]o / [e]ach: ") {
        case "y", "yes": return sorted
        case "e", "each":
            return sorted.filter { ["y", "yes"].contains(answer("  \(verb) \(label($0, required))? [y/N]: ")) }
        default: return []
        }
    }

    private func label(_ type: HKObjectType, _ required: Set<HKObjectType>) -> String {
        required.contains(type) ? "\(type.shortName) (required)" : type.shortName
    }

    private func answer(_ question: String) -> String {
        write(question)
        return (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }
}

/// Blocking line I/O on the controlling terminal.
private enum TTY {
    static func send(_ text: String) {
        let descriptor = open("/dev/tty", O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    static func receiveLine() -> String? {
        let descriptor = open("/dev/tty", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
