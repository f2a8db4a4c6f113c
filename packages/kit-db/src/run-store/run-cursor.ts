/** Where a page of `listRuns` ended: the last run's creation time (milliseconds) and id. */
export interface RunCursor {
  readonly createdAt: number;
  readonly id: string;
}

/** The opaque `nextCursor` of a page. */
export function encodeRunCursor(cursor: RunCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** The position a `nextCursor` holds, or `undefined` when the text is not one. */
export function decodeRunCursor(text: string): RunCursor | undefined {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    return typeof createdAt === 'number' && typeof id === 'string' ? { createdAt, id } : undefined;
  } catch {
    return undefined;
  }
}
