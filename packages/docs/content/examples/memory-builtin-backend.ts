// ---
// title: Scoped agent memory with the built-in backend
// description: Gives a smart agent memory in the in-memory BuiltinMemoryBackend, writing to a per-user scope while also reading a shared knowledge scope, with a token cap and session summaries, and shows the block of memories the agent places in its system prompt.
// topics: [memory, agents]
// relatedDocs: /docs/prompts-skills-and-memory#smartagentmemoryconfig
// ---
import {
  BuiltinMemoryBackend,
  createMemoryAccessor,
  createSmartAgent,
  type AgentTool,
  type LLMProvider,
  type MemoryScope,
  type SmartAgentMemoryConfig,
} from '@kit/kit-ai';

// One backend for the whole process; entries vanish when the process stops.
const store = new BuiltinMemoryBackend();

// A MemoryScope is { type, id }: one per user, team or project.
const companyKnowledge: MemoryScope = { type: 'company', id: 'acme' };

function memoryFor(userScope: MemoryScope): SmartAgentMemoryConfig {
  return {
    store,
    // Memories of this user are written here only (and read)...
    scope: userScope,
    // ...while shared knowledge is read but never written.
    readScopes: [companyKnowledge],
    // The memory block in the system prompt may use at most this many tokens (default 1000).
    maxMemoryTokens: 1_500,
    // After each run, store a `session_summary` memory that later runs in this scope can recall.
    saveSessionSummary: true,
  };
}

export function createAssistantFor(llm: LLMProvider, tools: AgentTool[], userScope: MemoryScope) {
  return createSmartAgent({ llm, tools, memory: memoryFor(userScope) });
}

// The accessor gives the same operations to your own code and tools.
const alice: MemoryScope = { type: 'user', id: 'u-42' };
const memory = createMemoryAccessor(memoryFor(alice));
await memory.remember('Printers are serviced by the facilities team, extension 4410.', { type: 'fact' });
await memory.remember('Prefers short answers with the steps numbered.', { type: 'preference', subject: 'Alice', importance: 0.9 });

// Company knowledge is in another scope: write it with an accessor whose `scope` is that scope.
await createMemoryAccessor({ store, scope: companyKnowledge }).remember('Printer tickets go to the facilities queue.', { type: 'policy' });

// Subjects compare without case or accents.
console.log((await memory.about('alice')).map((entry) => entry.content)); // [ 'Prefers short answers with the steps numbered.' ]
// What a run with the goal below finds at the end of its system prompt:
console.log(await memory.assembleContext('Alice says the printer is broken'));
// Relevant memories, most relevant first (each says when it was recorded; older ones may be outdated):
// - [preference, about Alice] Prefers short answers with the steps numbered. (Recorded today.)
// - [fact] Printers are serviced by the facilities team, extension 4410. (Recorded today.)
// - [policy] Printer tickets go to the facilities queue. (Recorded today.)
