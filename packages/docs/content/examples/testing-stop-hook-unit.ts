// ---
// title: Unit-testing a stop hook with a hand-built StopHookContext
// description: Calls a StopHook's evaluate method directly with a StopHookContext - response, messages, toolCalls and goal - and checks one passing and one failing answer, then checks in a scripted run that the feedback goes back to the model.
// topics: [testing, agents]
// relatedDocs: /docs/testing#testing-stop-hooks-and-hooks
// ---
import { createSmartAgent, type LLMMessage, type LLMProvider, type StopHook, type StopHookContext } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';

export const answersInEnglish: StopHook = {
  name: 'answers-in-english',
  evaluate: async ({ response }) =>
    /\b(the|and|is|are)\b/i.test(response)
      ? { pass: true }
      : { pass: false, feedback: 'Answer in English: the support team reads English only.' },
};

function contextWith(response: string): StopHookContext {
  return { response, messages: [{ role: 'user', content: 'Where is my order?' }], toolCalls: [], goal: 'Answer the customer.' };
}

describe('answers-in-english', () => {
  it('passes an English answer', async () => {
    expect(await answersInEnglish.evaluate(contextWith('The order is on its way.'))).toEqual({ pass: true });
  });

  it('fails another language with feedback', async () => {
    const result = await answersInEnglish.evaluate(contextWith('Votre commande arrive demain.'));
    expect(result.pass).toBe(false);
    expect(result.feedback).toContain('English');
  });

  it('sends the feedback back to the model in a run', async () => {
    const replies = ['Votre commande arrive demain.', 'Your order arrives tomorrow and is insured.'];
    const seen: LLMMessage[][] = [];
    const llm: LLMProvider = {
      name: 'scripted',
      chat: async (messages) => {
        seen.push(messages);
        return { content: replies.shift() ?? 'Done.', model: 'scripted-1' };
      },
    };
    const agent = createSmartAgent({ llm, tools: [], stopHooks: [answersInEnglish] });

    const run = await agent.run('Answer the customer: where is my order?');

    // The rejected reply cost an iteration; the feedback became the next user message.
    expect(run.status).toBe('completed');
    expect(run.iterations).toBe(2);
    expect(seen[1]?.at(-1)).toEqual({ role: 'user', content: 'Answer in English: the support team reads English only.' });
  });
});
