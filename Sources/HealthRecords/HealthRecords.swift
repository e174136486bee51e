// The HealthRecords module. Its overview lives in docs/.
