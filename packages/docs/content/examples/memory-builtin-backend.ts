// ---
// title: Scoped agent memory with the built-in backend
// description: Gives a smart agent memory in the in-memory BuiltinMemoryBackend, writing to a per-user scope while also reading a shared knowledge scope, with a token cap and session summaries.
// topics: [memory, agents]
// relatedDocs: /docs/prompts-skills-and-memory#smartagentmemoryconfig
// ---
import { BuiltinMemoryBackend, createSmartAgent, type AgentTool, type LLMProvider, type MemoryScope } from '@kit/kit-ai';

// One backend for the whole process; entries vanish when the process stops.
const store = new BuiltinMemoryBackend();

// MemoryScope values come from your application (one per user, team or project); how a scope is
// built is defined by the MemoryScope type of your kit-ai version.
export function createAssistantFor(
  llm: LLMProvider,
  tools: AgentTool[],
  userScope: MemoryScope,
  companyKnowledge: MemoryScope,
) {
  return createSmartAgent({
    llm,
    tools,
    memory: {
      store,
      // Memories of this run are written here only...
      scope: userScope,
      // ...while shared knowledge can be read but not written.
      readScopes: [companyKnowledge],
      // Recalled memories may use at most this many tokens of the context.
      maxMemoryTokens: 1_500,
      // Store a summary of each session so later runs in this scope can recall it.
      saveSessionSummary: true,
    },
  });
}
