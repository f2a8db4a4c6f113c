// ---
// title: Memory that survives restarts with SqliteMemoryBackend
// description: Chooses the persistent SqliteMemoryBackend (with its database path) in production and the in-memory BuiltinMemoryBackend in tests, behind the common MemoryBackend interface, and closes the database on shutdown.
// topics: [memory, database]
// relatedDocs: /docs/prompts-skills-and-memory#sqlitememorybackend
// ---
import {
  BuiltinMemoryBackend,
  SqliteMemoryBackend,
  createSmartAgent,
  type AgentTool,
  type LLMProvider,
  type MemoryBackend,
  type MemoryScope,
} from '@kit/kit-ai';

// SqliteMemoryBackend takes one option, `path`: default './.kit/memory.sqlite' relative to the working
// directory (its folder is created), or ':memory:'. The file may also hold a SqliteEvolutionStore.
function chooseMemoryBackend(): { store: MemoryBackend; close: () => void } {
  if (process.env.NODE_ENV === 'test') return { store: new BuiltinMemoryBackend(), close: () => {} };
  const sqlite = new SqliteMemoryBackend({ path: process.env.MEMORY_DB ?? './.kit/memory.sqlite' });
  return { store: sqlite, close: () => sqlite.close() };
}

const { store, close } = chooseMemoryBackend();
// After close(), every call rejects with KitAIError code 'store_failed'.
process.once('SIGTERM', close);

export function createNotetaker(llm: LLMProvider, tools: AgentTool[], scope: MemoryScope) {
  return createSmartAgent({ llm, tools, memory: { store, scope, saveSessionSummary: true } });
}

// Forgetting everything a user told the agent, e.g. on an account deletion request.
export async function forgetUser(scope: MemoryScope): Promise<void> {
  await store.clear(scope);
}

const scope: MemoryScope = { type: 'project', id: 'atlas' };
await store.store({ content: 'Deploys go out on Tuesdays after the 10:00 stand-up.', scope, type: 'fact', importance: 0.8 });
const found = await store.query(scope, 'when do we deploy?', 5);
console.log(found.map((entry) => `${entry.content} (score ${entry.score?.toFixed(2)})`));
await forgetUser(scope);
close();
