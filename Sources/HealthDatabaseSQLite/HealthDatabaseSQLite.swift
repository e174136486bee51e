// HealthDatabaseSQLite: the storage contract on SQLite, through GRDB.
import GRDB
