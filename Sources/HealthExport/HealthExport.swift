// The HealthExport module. Its overview lives in docs/.
