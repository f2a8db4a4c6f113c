import { describe, expect, it } from 'vitest';
import { paramsProblem } from './check-params.js';

describe('paramsProblem', () => {
  it('accepts the shapes the SDK client sends', () => {
    expect(
      paramsProblem('SendMessage', {
        message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }, { data: { q: 1 } }], referenceTaskIds: ['t'] },
      }),
    ).toBeUndefined();
    expect(paramsProblem('GetTask', { id: 't', historyLength: 2 })).toBeUndefined();
    expect(paramsProblem('ListTasks', { pageSize: 10, pageToken: 'x' })).toBeUndefined();
    expect(paramsProblem('GetExtendedAgentCard', undefined)).toBeUndefined();
    expect(paramsProblem('SendMessage', {})).toBeUndefined();
  });

  it('names the field whose shape the SDK decoder would trip over', () => {
    expect(paramsProblem('GetTask', undefined)).toMatch(/^params must be a JSON object/);
    expect(paramsProblem('GetTask', { '': 1 })).toMatch(/without empty keys/);
    expect(paramsProblem('CancelTask', { id: { toString: 1 } })).toBe('params.id must be a string.');
    expect(paramsProblem('SendMessage', { tenant: 3 })).toBe('params.tenant must be a string.');
    expect(paramsProblem('SendMessage', { message: 'hi' })).toBe('params.message must be an object with messageId, role and parts.');
    expect(paramsProblem('SendMessage', { message: { taskId: [] } })).toBe('params.message.taskId must be a string.');
    expect(paramsProblem('SendMessage', { message: { role: {} } })).toBe('params.message.role must be "ROLE_USER".');
    expect(paramsProblem('SendMessage', { message: { extensions: [1] } })).toBe('params.message.extensions must be a list of strings.');
    expect(paramsProblem('SendMessage', { message: { parts: { text: 'x' } } })).toBe(
      'params.message.parts must be a list of parts, such as [{"text": "…"}].',
    );
    expect(paramsProblem('SendMessage', { message: { parts: [{ text: 'x' }, 'y'] } })).toBe(
      'params.message.parts[1] must be an object such as {"text": "…"} or {"data": {…}}.',
    );
    expect(paramsProblem('SendStreamingMessage', { message: { referenceTaskIds: Array.from({ length: 21 }, () => 't') } })).toBe(
      'params.message.referenceTaskIds lists 21 tasks; refer to at most 20.',
    );
  });
});
