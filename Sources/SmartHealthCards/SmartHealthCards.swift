// The SmartHealthCards module. Its overview lives in docs/.
