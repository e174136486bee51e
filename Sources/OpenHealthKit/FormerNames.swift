// The names these types had before issue 18: the project's own types no longer wear Apple's HK prefix, so a reader
// can tell them from HealthKit's. Kept for one release.

/// The former name of ``AuthorizationPolicy``.
@available(*, deprecated, renamed: "AuthorizationPolicy")
public typealias HKAuthorizationPolicy = AuthorizationPolicy

/// The former name of ``AuthorizationPrompt``.
@available(*, deprecated, renamed: "AuthorizationPrompt")
public typealias HKAuthorizationPrompt = AuthorizationPrompt

/// The former name of ``AuthorizationPromptRequest``.
@available(*, deprecated, renamed: "AuthorizationPromptRequest")
public typealias HKAuthorizationPromptRequest = AuthorizationPromptRequest

/// The former name of ``AuthorizationPromptResponse``.
@available(*, deprecated, renamed: "AuthorizationPromptResponse")
public typealias HKAuthorizationPromptResponse = AuthorizationPromptResponse

/// The former name of ``ClosureAuthorizationPrompt``.
@available(*, deprecated, renamed: "ClosureAuthorizationPrompt")
public typealias HKClosureAuthorizationPrompt = ClosureAuthorizationPrompt

/// The former name of ``SampleFilterPredicate``.
@available(*, deprecated, renamed: "SampleFilterPredicate")
public typealias HKFilterPredicate = SampleFilterPredicate

/// The former name of ``FixedAuthorizationPrompt``.
@available(*, deprecated, renamed: "FixedAuthorizationPrompt")
public typealias HKFixedAuthorizationPrompt = FixedAuthorizationPrompt

/// The former name of ``PerObjectAuthorizationPromptRequest``.
@available(*, deprecated, renamed: "PerObjectAuthorizationPromptRequest")
public typealias HKPerObjectAuthorizationPromptRequest = PerObjectAuthorizationPromptRequest

/// The former name of ``TerminalAuthorizationPrompt``.
@available(*, deprecated, renamed: "TerminalAuthorizationPrompt")
public typealias HKTerminalAuthorizationPrompt = TerminalAuthorizationPrompt

/// The former name of ``StoreChange``.
@available(*, deprecated, renamed: "StoreChange")
public typealias HKChange = StoreChange

/// The former name of ``StoreChangeSet``.
@available(*, deprecated, renamed: "StoreChangeSet")
public typealias HKChangeSet = StoreChangeSet

/// The former name of ``ClinicalSaveOutcome``.
@available(*, deprecated, renamed: "ClinicalSaveOutcome")
public typealias HKClinicalIngestOutcome = ClinicalSaveOutcome

/// The former name of ``ComparisonOperator``.
@available(*, deprecated, renamed: "ComparisonOperator")
public typealias HKComparisonOperator = ComparisonOperator

/// The former name of ``SortValue``.
@available(*, deprecated, renamed: "SortValue")
public typealias HKSortValue = SortValue

/// The former name of ``QueryResultSequence``.
@available(*, deprecated, renamed: "QueryResultSequence")
public typealias HKQueryResultSequence = QueryResultSequence
