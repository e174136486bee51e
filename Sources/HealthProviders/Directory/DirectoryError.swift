import Foundation

/// A directory or overrides input that cannot be used at all, naming the input and what is wrong.
public struct DirectoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input (file name or URL).
    public var input: String
    /// What is wrong, with the JSON path where there is one.
    public var message: String

    /// An error about `input`.
    public init(_ input: String, _ message: String) {
        self.input = input
        self.message = message
    }

    /// `input: message`.
    public var description: String { "\(input): \(message)" }
}
