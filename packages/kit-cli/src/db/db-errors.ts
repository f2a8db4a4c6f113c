import { CliError, environmentError, errorText, failure } from '../cli/cli-error.js';

/** kit-db's errors become exits: findings in the migrations exit 1, a setup that cannot work exits 3. */
export function fromKitDbError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (
    code === 'migration_failed' ||
    code === 'migration_checksum_mismatch' ||
    code === 'migration_would_drop_data' ||
    code === 'query_failed'
  )
    return failure(errorText(error), error);
  if (typeof code === 'string') return environmentError(errorText(error), error);
  throw error;
}
