// ---
// title: Memory that survives restarts with SqliteMemoryBackend
// description: Chooses the persistent SqliteMemoryBackend in production and the in-memory BuiltinMemoryBackend in tests, behind the common MemoryBackend interface.
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

// The constructor options of SqliteMemoryBackend (such as where the database file lives) are not
// listed in the reference; your editor shows them from the class's type declaration.
function chooseMemoryBackend(): MemoryBackend {
  return process.env.NODE_ENV === 'test' ? new BuiltinMemoryBackend() : new SqliteMemoryBackend();
}

const store = chooseMemoryBackend();

export function createNotetaker(llm: LLMProvider, tools: AgentTool[], scope: MemoryScope) {
  return createSmartAgent({ llm, tools, memory: { store, scope, saveSessionSummary: true } });
}

// Forgetting everything a user told the agent, e.g. on an account deletion request.
export async function forgetUser(scope: MemoryScope): Promise<void> {
  await store.clear(scope);
}
