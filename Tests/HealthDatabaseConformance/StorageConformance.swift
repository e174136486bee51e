public import HealthDatabase
public import Testing

/// One promise of the storage contract, checked against a fresh, empty store.
///
/// Checks record failures with Swift Testing's `#expect`/`#require`, so they run inside an engine's
/// `@Test` (usually one parameterised test over ``StorageConformance/checks``).
public struct ConformanceCheck: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    /// The area of the contract (`save`, `filter`, ...).
    public let area: String
    /// What the check promises, as a short sentence.
    public let name: String
    let body: @Sendable (any HealthStorage) throws -> Void

    /// Creates a check.
    public init(_ area: String, _ name: String, _ body: @escaping @Sendable (any HealthStorage) throws -> Void) {
        self.area = area
        self.name = name
        self.body = body
    }

    /// Runs the check against `storage`, which must be empty.
    public func run(on storage: any HealthStorage) throws {
        try body(storage)
    }

    /// `area: name`.
    public var description: String { "\(area): \(name)" }
    /// `area: name`, as Swift Testing shows a test argument.
    public var testDescription: String { description }
}

/// The engine-agnostic conformance suite: every promise the ``HealthStorage`` contract makes.
///
/// An engine's tests run it with a factory that makes an empty store per check:
/// ```swift
/// @Test(arguments: StorageConformance.checks)
/// func conformance(_ check: ConformanceCheck) throws {
///     try StorageConformance { try MyEngine.inMemory() }.run(check)
/// }
/// ```
public struct StorageConformance: Sendable {
    /// Every check, grouped by area.
    public static let checks: [ConformanceCheck] =
        RoundTripChecks.all + SaveChecks.all + DeleteChecks.all + ChangeLogChecks.all
        + WindowChecks.all + FilterChecks.all + FieldFilterChecks.all + TextMatchChecks.all + ChildFilterChecks.all + ParentFilterChecks.all + ChildSaveChecks.all + SortChecks.all
        + SmallTableChecks.all + PayloadChecks.all + AssociationChecks.all + ChangeFeedChecks.all + PagingChecks.all

    /// Makes an empty store.
    public let factory: @Sendable () throws -> any HealthStorage

    /// Creates the suite for an engine; `factory` must return a new, empty store each time.
    public init(_ factory: @escaping @Sendable () throws -> any HealthStorage) {
        self.factory = factory
    }

    /// Runs one check on a new store.
    public func run(_ check: ConformanceCheck) throws {
        try check.run(on: factory())
    }

    /// Runs every check, each on a new store.
    public func runAll() throws {
        for check in Self.checks { try run(check) }
    }
}
