// ---
// title: Implementing MemoryBackend over your own storage
// description: A MemoryBackend that keeps entries per scope, ranks them by word overlap with the query text or by cosine similarity to a query vector, filters by subject and sets each result's score; replace the Map with your database and the ranking with your vector store.
// topics: [memory, database]
// relatedDocs: /docs/prompts-skills-and-memory#memorybackend
// ---
import { randomUUID } from 'node:crypto';
import { createMemoryAccessor, type MemoryBackend, type MemoryEntry, type MemoryScope } from '@kit/kit-ai';

type NewEntry = Parameters<MemoryBackend['store']>[0];
type QueryOptions = Parameters<MemoryBackend['query']>[3];

function scopeKey(scope: MemoryScope): string {
  return JSON.stringify([scope.type, scope.id]);
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    normA += (a[i] ?? 0) ** 2;
    normB += (b[i] ?? 0) ** 2;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

export class MapMemoryBackend implements MemoryBackend {
  private readonly byScope = new Map<string, MemoryEntry[]>();
  private readonly scopeOfId = new Map<string, string>();

  async store(entry: NewEntry): Promise<string> {
    // The backend, not the caller, assigns id and createdAt; the entry carries its own scope.
    const id = randomUUID();
    const { score: _ignored, ...fields } = entry;
    const saved: MemoryEntry = { ...fields, id, createdAt: new Date().toISOString() };
    const key = scopeKey(entry.scope);
    this.byScope.set(key, [...(this.byScope.get(key) ?? []), saved]);
    this.scopeOfId.set(id, key);
    return id;
  }

  async query(scope: MemoryScope, text: string, k: number, options?: QueryOptions): Promise<MemoryEntry[]> {
    if (k <= 0) return [];
    const subject = options?.subject?.trim().toLowerCase();
    const entries = (this.byScope.get(scopeKey(scope)) ?? []).filter(
      (entry) => subject === undefined || entry.subject?.trim().toLowerCase() === subject,
    );
    const wanted = wordsOf(text);
    const scored = entries.map((entry) => {
      // With a query vector (the accessor sends one when an embedder is configured): cosine similarity.
      if (options?.embedding) return { entry, score: entry.embedding ? cosine(options.embedding, entry.embedding) : -Infinity };
      const words = wordsOf(`${entry.content} ${entry.subject ?? ''}`);
      return { entry, score: [...wanted].filter((word) => words.has(word)).length };
    });
    return scored
      .filter(({ score }) => (options?.embedding ? score > -Infinity : wanted.size === 0 || subject !== undefined || score > 0))
      // Best first; ties by importance (0.5 when absent), then newest, as the built-in backends do.
      .sort((a, b) => b.score - a.score || (b.entry.importance ?? 0.5) - (a.entry.importance ?? 0.5) || b.entry.createdAt.localeCompare(a.entry.createdAt))
      .slice(0, Math.floor(k))
      // `score` lets the memory accessor merge the answers of several scopes.
      .map(({ entry, score }) => ({ ...entry, score }));
  }

  async remove(id: string): Promise<boolean> {
    const key = this.scopeOfId.get(id);
    if (key === undefined) return false;
    this.byScope.set(key, (this.byScope.get(key) ?? []).filter((entry) => entry.id !== id));
    this.scopeOfId.delete(id);
    return true;
  }

  async clear(scope: MemoryScope): Promise<void> {
    const key = scopeKey(scope);
    this.byScope.delete(key);
    for (const [id, owner] of this.scopeOfId) if (owner === key) this.scopeOfId.delete(id);
  }
}

const memory = createMemoryAccessor({ store: new MapMemoryBackend(), scope: { type: 'project', id: 'atlas' } });
await memory.remember('Deploys go out on Tuesdays after the stand-up.', { type: 'fact', importance: 0.8 });
await memory.remember('The staging database is reset every night.', { type: 'fact' });
const [best] = await memory.recall('when are deploys?', 1);
console.log(best?.content, best?.score); // Deploys go out on Tuesdays after the stand-up. 1
