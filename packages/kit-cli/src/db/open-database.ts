import type { KitDatabase } from '@kit/kit-db';
import type { CommandContext } from '../cli/command.js';
import type { KitDbModule } from '../app/app-kit-db.js';
import type { DatabaseTarget } from '../app/database-target.js';
import { fromKitDbError } from './db-errors.js';

/**
 * Connects to the target with kit-db (no models: the commands only read and write the ledger and run
 * SQL files). A libSQL server's token comes from `DATABASE_AUTH_TOKEN`.
 */
export async function openDatabase(
  kitDb: KitDbModule,
  target: DatabaseTarget,
  context: CommandContext,
  url = target.url,
): Promise<KitDatabase> {
  const token = context.env.DATABASE_AUTH_TOKEN;
  try {
    return await kitDb.createDatabase({
      provider: target.provider,
      url,
      models: [],
      setDefault: false,
      ...(target.provider === 'libsql' && token ? { authToken: token } : {}),
    });
  } catch (error) {
    throw fromKitDbError(error);
  }
}
