public import ArgumentParser
import Foundation

/// Standard output and standard error for commands.
enum Console {
    /// Writes `text` to standard output as is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes one line to standard error, prefixed with the tool's name.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("health: \(message)\n".utf8))
    }
}

/// The exit statuses of `health`, documented in `health --help`.
public enum HealthExitStatus {
    /// The command did what was asked.
    public static let success = ExitCode(0)
    /// The command failed for a reason other than its input (an I/O error, for example).
    public static let failure = ExitCode(1)
    /// The input was invalid: an unknown unit or type, incompatible units, a malformed value.
    public static let badInput = ExitCode(2)
    /// The command line itself was malformed (unknown option, missing argument): ArgumentParser's usage status.
    public static let usage = ExitCode(64)
}

/// Prints `message` as a one-line error and returns the bad-input exit status to throw.
func badInput(_ message: String) -> ExitCode {
    Console.error(message)
    return HealthExitStatus.badInput
}
