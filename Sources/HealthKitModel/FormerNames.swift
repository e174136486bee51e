// The names these types had before issue 18: the project's own types no longer wear Apple's HK prefix, so a reader
// can tell them from HealthKit's. Kept for one release.

/// The former name of ``CategoryValueDomain``.
@available(*, deprecated, renamed: "CategoryValueDomain")
public typealias HKCategoryValueDomain = CategoryValueDomain

/// The former name of ``CategoryValueEnumeration``.
@available(*, deprecated, renamed: "CategoryValueEnumeration")
public typealias HKCategoryValueEnumeration = CategoryValueEnumeration

/// The former name of ``CharacteristicExportValue``.
@available(*, deprecated, renamed: "CharacteristicExportValue")
public typealias HKCharacteristicExportValue = CharacteristicExportValue

/// The former name of ``MetadataCatalog``.
@available(*, deprecated, renamed: "MetadataCatalog")
public typealias HKMetadataCatalog = MetadataCatalog

/// The former name of ``MetadataValidation``.
@available(*, deprecated, renamed: "MetadataValidation")
public typealias HKMetadataValidation = MetadataValidation

/// The former name of ``ObjectTypeKind``.
@available(*, deprecated, renamed: "ObjectTypeKind")
public typealias HKObjectTypeKind = ObjectTypeKind

/// The former name of ``StringIdentifier``.
@available(*, deprecated, renamed: "StringIdentifier")
public typealias HKStringIdentifier = StringIdentifier

/// The former name of ``WorkoutRouteLocation``.
@available(*, deprecated, renamed: "WorkoutRouteLocation")
public typealias HKWorkoutRouteLocation = WorkoutRouteLocation

/// The former name of ``SortIdentifier``.
@available(*, deprecated, renamed: "SortIdentifier")
public typealias HKSortIdentifier = SortIdentifier
