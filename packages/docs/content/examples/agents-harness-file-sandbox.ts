// ---
// title: An agent in a file sandbox, with a check of its work
// description: Gives a harness run the file sandbox of one folder, lets a scripted model write and read a file there, and checks the finished run with a verifier that sends it back when the file is missing.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/agent-harness#sandboxes
// ---
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';

const root = await mkdtemp(join(tmpdir(), 'sandbox-example-'));

// A scripted model: it writes the notes, reads them back, then answers.
const replies = [
  JSON.stringify({ tool: 'fs_write', arguments: { path: 'notes/release.md', content: '# Release notes\n\n- Faster search\n' } }),
  JSON.stringify({ tool: 'fs_read', arguments: { path: 'notes/release.md' } }),
  'The release notes are in notes/release.md.',
];
const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };

const harness = createHarness({
  store: new MemoryRunStore(),
  agent: { llm, tools: [] },
  // The fs_ tools and run_command work inside root only; this is a boundary for paths, not isolation.
  sandbox: { fs: { root, commands: false } },
  verify: [
    function notesExist() {
      return existsSync(join(root, 'notes/release.md')) || { pass: false, feedback: 'notes/release.md does not exist yet' };
    },
  ],
});

const run = await harness.start({ goal: 'Write the release notes to notes/release.md' });
const result = await run.wait({ timeoutMs: 10_000 });
console.log(result.status, result.result);
console.log(await readFile(join(root, 'notes/release.md'), 'utf8'));
await harness.close();
await rm(root, { recursive: true, force: true });
