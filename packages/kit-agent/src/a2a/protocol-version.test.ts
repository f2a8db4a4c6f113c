import { describe, expect, it } from 'vitest';
import { a2aLegacyMethods, a2aMethods, chooseProtocol } from './protocol-version.js';

describe('chooseProtocol', () => {
  it('takes no header, or a 0.3 version, as 0.3 and 1.0 as 1.0, each with its own method names', () => {
    expect(chooseProtocol(null, 'message/send')).toEqual({ protocol: '0.3' });
    expect(chooseProtocol(' ', 'tasks/get')).toEqual({ protocol: '0.3' });
    expect(chooseProtocol('0.3', 'message/stream')).toEqual({ protocol: '0.3' });
    expect(chooseProtocol('0.3.0', 'tasks/cancel')).toEqual({ protocol: '0.3' });
    expect(chooseProtocol('1.0', 'SendMessage')).toEqual({ protocol: '1.0' });
    for (const method of a2aMethods) expect(chooseProtocol('1.0', method)).toEqual({ protocol: '1.0' });
    for (const method of Object.keys(a2aLegacyMethods)) expect(chooseProtocol(undefined, method)).toEqual({ protocol: '0.3' });
  });

  it('tells a 1.0 method sent without the header to send it, or to use the 0.3 name', () => {
    expect(chooseProtocol(null, 'SendMessage')).toEqual({
      refused: {
        code: 'versionNotSupported',
        message:
          'SendMessage is an A2A 1.0 method and the request sent no A2A-Version header, which means 0.3; send the header A2A-Version: 1.0, or call message/send, its name in 0.3.',
      },
    });
    expect(chooseProtocol('0.3', 'ListTasks')).toEqual({
      refused: {
        code: 'versionNotSupported',
        message:
          'ListTasks is an A2A 1.0 method and the request sent A2A-Version "0.3"; send the header A2A-Version: 1.0, since 0.3 has no such method.',
      },
    });
  });

  it('tells a 0.3 method sent with A2A-Version 1.0 its 1.0 name', () => {
    expect(chooseProtocol('1.0', 'message/send')).toEqual({
      refused: {
        code: 'methodNotFound',
        message:
          'Method not found: "message/send" is the A2A 0.3 name of SendMessage and the request sent A2A-Version: 1.0; call SendMessage, or leave out the A2A-Version header to speak 0.3.',
      },
    });
  });

  it('lists the methods of the version asked for when the method is unknown', () => {
    const legacy = chooseProtocol(null, 'tasks/list');
    expect(legacy).toMatchObject({
      refused: {
        code: 'methodNotFound',
        message: expect.stringMatching(
          /^Method not found: "tasks\/list" is not an A2A 0\.3 method; use one of message\/send, message\/stream, tasks\/get, /,
        ),
      },
    });
    const current = chooseProtocol('1.0', '__proto__');
    expect(current).toMatchObject({
      refused: {
        code: 'methodNotFound',
        message: expect.stringMatching(/^Method not found: "__proto__" is not an A2A 1\.0 method; use one of SendMessage, /),
      },
    });
    expect(chooseProtocol(null, 'constructor')).toMatchObject({ refused: { code: 'methodNotFound' } });
  });

  it('refuses other versions, naming both it speaks', () => {
    expect(chooseProtocol('2.0', 'SendMessage')).toEqual({
      refused: {
        code: 'versionNotSupported',
        message:
          'This agent speaks A2A 1.0 and 0.3 and the request sent A2A-Version "2.0"; send A2A-Version: 1.0, or no A2A-Version header to speak 0.3.',
      },
    });
    expect(chooseProtocol('0.2', 'message/send')).toMatchObject({ refused: { code: 'versionNotSupported' } });
  });
});
