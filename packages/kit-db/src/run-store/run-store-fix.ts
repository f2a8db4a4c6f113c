import type { DatabaseProvider } from '../database/types.js';

/** How to get the run store's tables, as an error message says it. */
export function runStoreFix(provider: DatabaseProvider): string {
  return (
    `Add the run store's migration to the app's migrations with writeRunStoreMigration({ dir: 'migrations', provider: '${provider}' }) ` +
    `and apply it with kit db:push (applyMigrations), or, in scripts and tests, pass { createTables: true } to kitDbRunStore.`
  );
}
