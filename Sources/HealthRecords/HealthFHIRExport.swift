// HealthRecords is FHIR plus ingestion: whoever imports it gets the FHIR models, version detection and
// classification of HealthFHIR too, as before the split.
@_exported public import HealthFHIR
