// HealthDatabaseConformance: the checks every storage engine must pass.
import HealthDatabase
