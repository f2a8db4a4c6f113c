import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from '../../cli/table.js';
import { appKitDb } from '../../app/app-kit-db.js';
import { isFolder } from '../../app/app-folder.js';
import { loadAppModels, modelFiles, modelsFolder } from '../../app/load-models.js';
import { latestSnapshotDialect } from '../../db/db-options.js';
import type { VerifyStep } from '../verify-app.js';
import { error, outcome, pass, skip } from '../verify-types.js';

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Step 5: the models agree with the migrations: generating a migration from the models against a copy
 * of migrations/ writes nothing. A pending change (or a drop kit-db refuses to guess) fails, naming
 * each change and `kit db:migrate` as the fix. No database is needed.
 */
export const migrationsStep: VerifyStep = {
  name: 'migrations',
  title: 'Models and migrations',
  async run(app) {
    if (modelFiles(app.root).length === 0) return skip(`no models in ${modelsFolder}/`);
    const kitDb = await appKitDb(app.root);
    let loaded;
    try {
      loaded = await loadAppModels(app.root, kitDb);
    } catch (cause) {
      return outcome('the models do not load', [error(message(cause), 'fix the model file', { file: modelsFolder })]);
    }
    if (loaded.models.length === 0) return skip(`no defineModel(...) exports in ${modelsFolder}/`);
    const dir = join(app.root, 'migrations');
    const dialect = latestSnapshotDialect(dir);
    const models = count(loaded.models.length, 'model');
    if (dialect === null) {
      return outcome(`${models} but no migration`, [
        error(
          `${models} in ${modelsFolder}/ and no migration in migrations/`,
          'run kit db:migrate to write the first migration, then commit it',
          { file: 'migrations' },
        ),
      ]);
    }
    const scratch = await mkdtemp(join(tmpdir(), 'kit-verify-migrations-'));
    try {
      if (isFolder(dir)) await cp(dir, join(scratch, 'migrations'), { recursive: true });
      let migration;
      try {
        migration = await kitDb.generateMigration({ models: loaded.models, dir: join(scratch, 'migrations'), dialect });
      } catch (cause) {
        return outcome('the models cannot be compared with the migrations', [
          error(message(cause), 'run kit db:migrate and follow what it says', { file: modelsFolder }),
        ]);
      }
      if (migration === null) return pass(`${models} ${loaded.models.length === 1 ? 'matches' : 'match'} the latest ${dialect} migration`);
      return outcome(
        `${models} changed since the latest migration`,
        migration.changes.map((change) =>
          error(`not in any migration yet: ${change}`, 'run kit db:migrate, review the SQL and commit it (then kit db:push)', {
            file: 'migrations',
          }),
        ),
      );
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
};
