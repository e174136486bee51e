// Tests for HealthRecords.
