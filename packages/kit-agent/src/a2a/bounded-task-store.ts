import type { ListTasksRequest, ListTasksResponse, Task } from '@a2a-js/sdk';
import type * as Errors from '@a2a-js/sdk/errors';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';

/** Task states after which a task no longer changes: completed, failed, canceled, rejected. */
const terminalStates: ReadonlySet<number> = new Set([3, 4, 5, 7]);

/**
 * An in-memory A2A task store holding at most `maxTasks` tasks, so that a stream of calls cannot
 * grow memory without bound. When full, it forgets the least recently saved task that has
 * finished, or, when none has, the least recently saved one; a client asking for a forgotten task
 * gets `TaskNotFoundError` (JSON-RPC -32001). Tasks are kept per tenant and caller, as the SDK's own
 * in-memory store keeps them, and copied on the way in and out, so no caller shares an object with
 * the store.
 */
export class BoundedTaskStore implements TaskStore {
  readonly #maxTasks: number;
  readonly #errors: typeof Errors;
  /** Keyed by scope and task id; a Map iterates in insertion order, so the oldest save comes first. */
  readonly #tasks = new Map<string, { readonly scope: string; readonly task: Task }>();

  constructor(maxTasks: number, errors: typeof Errors) {
    this.#maxTasks = maxTasks;
    this.#errors = errors;
  }

  /** Number of tasks held, across all scopes. */
  get size(): number {
    return this.#tasks.size;
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const entry = this.#tasks.get(keyOf(scopeOf(context), taskId));
    return entry ? structuredClone(entry.task) : undefined;
  }

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const scope = scopeOf(context);
    const key = keyOf(scope, task.id);
    // Re-inserting moves the task to the end: recency is that of the last save.
    this.#tasks.delete(key);
    this.#tasks.set(key, { scope, task: structuredClone(task) });
    while (this.#tasks.size > this.#maxTasks) this.#evictOne();
  }

  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const scope = scopeOf(context);
    let tasks = [...this.#tasks.values()].filter((entry) => entry.scope === scope).map((entry) => entry.task);
    if (params.contextId) tasks = tasks.filter((task) => task.contextId === params.contextId);
    if (params.status !== undefined && params.status !== 0) tasks = tasks.filter((task) => task.status?.state === params.status);
    if (params.statusTimestampAfter) {
      const after = Date.parse(params.statusTimestampAfter);
      tasks = tasks.filter((task) => task.status?.timestamp !== undefined && Date.parse(task.status.timestamp) > after);
    }
    // Newest status first, ties broken by id, so pages are stable while tasks finish.
    tasks.sort((a, b) => (b.status?.timestamp ?? '').localeCompare(a.status?.timestamp ?? '') || b.id.localeCompare(a.id));
    const totalSize = tasks.length;
    if (params.pageToken) {
      const cursor = this.#decodeToken(params.pageToken);
      const at = tasks.findIndex((task) => (task.status?.timestamp ?? '') === cursor.timestamp && task.id === cursor.id);
      tasks = at === -1 ? [] : tasks.slice(at + 1);
    }
    const pageSize = params.pageSize ?? 50;
    const page = tasks.slice(0, pageSize);
    const last = page.at(-1);
    return {
      tasks: page.map((task) => {
        const copy = structuredClone(task);
        if (!params.includeArtifacts) copy.artifacts = [];
        return copy;
      }),
      nextPageToken:
        last && tasks.length > page.length
          ? Buffer.from(JSON.stringify([last.status?.timestamp ?? '', last.id])).toString('base64url')
          : '',
      pageSize,
      totalSize,
    };
  }

  #evictOne(): void {
    for (const [key, entry] of this.#tasks) {
      if (terminalStates.has(entry.task.status?.state ?? -1)) {
        this.#tasks.delete(key);
        return;
      }
    }
    const oldest = this.#tasks.keys().next();
    if (!oldest.done) this.#tasks.delete(oldest.value);
  }

  #decodeToken(token: string): { timestamp: string; id: string } {
    try {
      const decoded: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
      if (Array.isArray(decoded) && decoded.length === 2 && typeof decoded[0] === 'string' && typeof decoded[1] === 'string')
        return { timestamp: decoded[0], id: decoded[1] };
    } catch {
      // Reported below.
    }
    throw new this.#errors.RequestMalformedError(
      'pageToken is not a token this agent issued; pass the nextPageToken of the previous ListTasks answer, or none for the first page.',
    );
  }
}

function scopeOf(context: ServerCallContext): string {
  return JSON.stringify([context.tenant ?? '', context.user?.userName ?? '']);
}

function keyOf(scope: string, taskId: string): string {
  return `${scope}\u0000${taskId}`;
}
