import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './database';
import { accountsMigration } from './migrations/001_accounts';
import { marketsMigration } from './migrations/002_markets';
import { klinesMigration } from './migrations/003_klines';
import { klinesClusteredMigration } from './migrations/004_klines_clustered';
import { signalsMigration } from './migrations/005_signals';
import { portfoliosMigration } from './migrations/006_portfolios';
import { notificationsMigration } from './migrations/007_notifications';
import { ledgerMigration } from './migrations/008_ledger';
import { portfolioExtrasMigration } from './migrations/009_portfolio_extras';
import { channelsMigration } from './migrations/010_channels';
import { tasksMigration } from './migrations/011_tasks';
import { auditMigration } from './migrations/012_audit';
import { tasksScaleMigration } from './migrations/013_tasks_scale';

/** Migrations in order; names sort, so keep the numeric prefix. */
function migrationsFor(store: Store): Record<string, Migration> {
  return {
    '001_accounts': accountsMigration(store.dialect),
    '002_markets': marketsMigration(store.dialect),
    '003_klines': klinesMigration(store.dialect),
    '004_klines_clustered': klinesClusteredMigration(store.dialect),
    '005_signals': signalsMigration(store.dialect),
    '006_portfolios': portfoliosMigration(store.dialect),
    '007_notifications': notificationsMigration(store.dialect),
    '008_ledger': ledgerMigration(store.dialect),
    '009_portfolio_extras': portfolioExtrasMigration(store.dialect),
    '010_channels': channelsMigration(store.dialect),
    '011_tasks': tasksMigration(store.dialect),
    '012_audit': auditMigration(store.dialect),
    '013_tasks_scale': tasksScaleMigration(store.dialect),
  };
}

/** Brings the schema up to date; called on every start. Throws (and changes nothing more) on failure. */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(store) };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
