import { describe, expect, it } from 'vitest';
import { legacyParamsProblem, withBlockingDefault } from './legacy-params.js';

const message = (overrides: Record<string, unknown> = {}) => ({
  message: { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'hello' }], ...overrides },
});

describe('legacyParamsProblem', () => {
  it('accepts the shapes a 0.3 client sends', () => {
    expect(legacyParamsProblem('message/send', message())).toBeUndefined();
    expect(
      legacyParamsProblem('message/stream', {
        ...message({ parts: [{ kind: 'data', data: { q: 'x' } }], metadata: { skill: 's' } }),
        configuration: { acceptedOutputModes: ['text/plain'], blocking: true },
      }),
    ).toBeUndefined();
    expect(
      legacyParamsProblem('message/send', message({ parts: [{ kind: 'file', file: { uri: 'https://example.com/a.pdf' } }] })),
    ).toBeUndefined();
    expect(legacyParamsProblem('tasks/get', { id: 't-1', historyLength: 2 })).toBeUndefined();
    expect(legacyParamsProblem('tasks/cancel', { id: 't-1' })).toBeUndefined();
    expect(
      legacyParamsProblem('tasks/pushNotificationConfig/set', {
        taskId: 't-1',
        pushNotificationConfig: { url: 'https://example.com/hook' },
      }),
    ).toBeUndefined();
    expect(legacyParamsProblem('agent/getAuthenticatedExtendedCard', undefined)).toBeUndefined();
  });

  it('names the field to fix and how', () => {
    expect(legacyParamsProblem('tasks/get', ['t'])).toMatch(/^params must be a JSON object/);
    expect(legacyParamsProblem('tasks/get', {})).toBe('params.id must be the id of a task, a string.');
    expect(legacyParamsProblem('tasks/get', { id: 't', historyLength: -1 })).toBe('params.historyLength must be a whole number from 0.');
    expect(legacyParamsProblem('message/send', {})).toMatch(/^params\.message must be a message object, such as \{"kind": "message"/);
    expect(legacyParamsProblem('message/send', message({ messageId: '' }))).toBe(
      'params.message.messageId must be a non-empty string, unique per message.',
    );
    expect(legacyParamsProblem('message/send', message({ role: 'ROLE_USER' }))).toBe(
      'params.message.role must be "user", got "ROLE_USER".',
    );
    expect(legacyParamsProblem('message/send', message({ parts: 'hello' }))).toBe(
      'params.message.parts must be a list of parts, such as [{"kind": "text", "text": "…"}].',
    );
    expect(legacyParamsProblem('message/send', message({ parts: [{ text: 'no kind' }] }))).toBe(
      'params.message.parts[0].kind must be "text", "data" or "file", got nothing.',
    );
    expect(legacyParamsProblem('message/send', message({ parts: [{ kind: 'text', text: 'a' }, null] }))).toMatch(
      /^params\.message\.parts\[1\] must be an object/,
    );
    expect(legacyParamsProblem('message/send', message({ parts: [{ kind: 'text', text: 3 }] }))).toBe(
      'params.message.parts[0].text must be a string.',
    );
    expect(legacyParamsProblem('message/send', message({ parts: [{ kind: 'file', file: 'a.pdf' }] }))).toBe(
      'params.message.parts[0].file must be an object with bytes (base64) or uri, a string.',
    );
    expect(legacyParamsProblem('message/send', message({ referenceTaskIds: Array.from({ length: 21 }, (_, index) => `t${index}`) }))).toBe(
      'params.message.referenceTaskIds lists 21 tasks; refer to at most 20.',
    );
    expect(legacyParamsProblem('message/send', { ...message(), configuration: { blocking: 'yes' } })).toBe(
      'params.configuration.blocking must be true or false.',
    );
    expect(legacyParamsProblem('message/send', { ...message(), metadata: 'x' })).toBe('params.metadata must be a JSON object.');
  });
});

describe('withBlockingDefault', () => {
  it('makes a message/send whose configuration leaves out blocking wait for its task, and leaves the rest alone', () => {
    const request = {
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: { ...message(), configuration: { acceptedOutputModes: ['text/plain'] } },
    };
    expect(withBlockingDefault(request)).toEqual({
      ...request,
      params: { ...request.params, configuration: { acceptedOutputModes: ['text/plain'], blocking: true } },
    });
    const explicit = { ...request, params: { ...request.params, configuration: { blocking: false } } };
    expect(withBlockingDefault(explicit)).toBe(explicit);
    const bare = { ...request, params: message() };
    expect(withBlockingDefault(bare)).toBe(bare);
    const stream = { ...request, method: 'message/stream' };
    expect(withBlockingDefault(stream)).toBe(stream);
  });
});
