const maxAttempts = 5;

/**
 * Runs a transaction again when the database broke a deadlock by rolling it back (PostgreSQL 40P01,
 * MySQL and MariaDB 1213) or refused it as a serialisation failure (40001). Claimers that lock
 * neighbouring rows can meet that way on InnoDB, whose locks cover index gaps too; the rolled-back
 * transaction wrote nothing, so running it again is safe.
 */
export async function retryDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= maxAttempts || !isDeadlock(error)) throw error;
      // A little random wait, longer each time, so the two transactions do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

function isDeadlock(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, errno } = current as { code?: unknown; errno?: unknown };
    if (code === '40P01' || code === '40001' || code === 'ER_LOCK_DEADLOCK' || errno === 1213) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
