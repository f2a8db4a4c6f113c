import { describe, expect, it } from 'vitest';
import { findPrompt, listedPrompts, renderPrompt, ServerRequestError, type McpPrompt } from './prompts.js';

const greet: McpPrompt = {
  name: 'greet',
  arguments: [{ name: 'who', required: true }, { name: 'tone' }],
  render: async ({ who, tone }) => [
    { role: 'user', text: `Greet ${who}${tone ? ` in a ${tone} tone` : ''}.` },
    { role: 'assistant', text: 'Hello!' },
  ],
};

async function refusal(promise: Promise<unknown>): Promise<ServerRequestError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ServerRequestError);
  return error as ServerRequestError;
}

describe('renderPrompt', () => {
  it('renders the messages the prompt returns', async () => {
    expect(await renderPrompt(greet, { who: 'Ada' })).toEqual({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Greet Ada.' } },
        { role: 'assistant', content: { type: 'text', text: 'Hello!' } },
      ],
    });
  });

  it('counts an empty required argument as missing', async () => {
    const error = await refusal(renderPrompt(greet, { who: '' }));
    expect([error.kind, error.message]).toEqual(['invalid_params', 'Prompt "greet" needs "who"; its arguments are "who", "tone".']);
  });

  it('names at most ten unknown arguments', async () => {
    const args = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`x${index}`, 'v']));
    const error = await refusal(renderPrompt({ name: 'bare', render: () => '' }, args));
    expect(error.message).toBe(
      `Prompt "bare" takes no argument ${Array.from({ length: 10 }, (_, index) => `"x${index}"`).join(', ')}; its arguments are none.`,
    );
  });
});

describe('findPrompt and listedPrompts', () => {
  it('finds by name, and lists each argument with required spelled out', () => {
    expect(findPrompt([greet], 'greet')).toBe(greet);
    expect(() => findPrompt([greet], 'x'.repeat(150))).toThrow(`Unknown prompt "${'x'.repeat(100)}…"; the prompts are "greet".`);
    expect(listedPrompts([greet])).toEqual([
      {
        name: 'greet',
        arguments: [
          { name: 'who', required: true },
          { name: 'tone', required: false },
        ],
      },
    ]);
  });
});
