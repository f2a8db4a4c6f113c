// ---
// title: Unit-testing a stop hook with a hand-built StopHookContext
// description: Calls a StopHook's evaluate method directly with a StopHookContext - response, messages, toolCalls and goal - and checks one passing and one failing answer, including the feedback text.
// topics: [testing, agents]
// relatedDocs: /docs/testing#testing-stop-hooks-and-hooks
// ---
import type { StopHook, StopHookContext } from '@kit/kit-ai';
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
});
