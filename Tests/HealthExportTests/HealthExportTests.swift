// Tests for HealthExport.
