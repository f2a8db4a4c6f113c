// ---
// title: Implementing MemoryBackend over your own storage
// description: A skeleton MemoryBackend that keeps entries per scope and ranks them by word overlap with the query text; replace the Map with your database and the ranking with your vector store.
// topics: [memory, database]
// relatedDocs: /docs/prompts-skills-and-memory#memorybackend
// ---
import { randomUUID } from 'node:crypto';
import type { MemoryBackend, MemoryEntry, MemoryScope } from '@kit/kit-ai';

type NewEntry = Parameters<MemoryBackend['store']>[0];

function wordsOf(value: unknown): Set<string> {
  return new Set(JSON.stringify(value).toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

export class MapMemoryBackend implements MemoryBackend {
  // Scopes are keyed by their JSON form so that any MemoryScope value works as a key.
  private readonly byScope = new Map<string, MemoryEntry[]>();
  private readonly scopeOfId = new Map<string, string>();

  async store(entry: NewEntry): Promise<string> {
    const id = randomUUID();
    // The backend, not the caller, assigns id and createdAt.
    const saved = { ...entry, id, createdAt: new Date().toISOString() } as unknown as MemoryEntry;
    // store() gets no scope argument, so the entry carries its own. The reference does not list the
    // fields of MemoryEntry; this sketch assumes a `scope` field - adapt it to your version's type.
    const key = JSON.stringify((entry as { scope?: MemoryScope }).scope ?? null);
    this.byScope.set(key, [...(this.byScope.get(key) ?? []), saved]);
    this.scopeOfId.set(id, key);
    return id;
  }

  async query(scope: MemoryScope, text: string, k: number): Promise<MemoryEntry[]> {
    const wanted = wordsOf(text);
    const entries = this.byScope.get(JSON.stringify(scope)) ?? [];
    // Score = number of query words that appear in the entry; keep the k best.
    return entries
      .map((entry) => ({ entry, score: [...wordsOf(entry)].filter((word) => wanted.has(word)).length }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
      .map(({ entry }) => entry);
  }

  async remove(id: string): Promise<boolean> {
    const key = this.scopeOfId.get(id);
    if (key === undefined) return false;
    this.byScope.set(key, (this.byScope.get(key) ?? []).filter((entry) => (entry as unknown as { id: string }).id !== id));
    this.scopeOfId.delete(id);
    return true;
  }

  async clear(scope: MemoryScope): Promise<void> {
    const key = JSON.stringify(scope);
    this.byScope.delete(key);
    for (const [id, owner] of this.scopeOfId) if (owner === key) this.scopeOfId.delete(id);
  }
}
