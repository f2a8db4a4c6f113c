import { Role, type Part, type SendMessageRequest } from '@a2a-js/sdk';
import * as errors from '@a2a-js/sdk/errors';
import { createKitApp, defineAPI } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveCall, type SkillSet } from './resolve-call.js';

const app = createKitApp({
  routes: {
    'GET /api/docs': defineAPI({ input: z.strictObject({ slug: z.string().optional() }), handler: async () => ({}) }),
    'GET /api/examples': defineAPI({
      input: z.strictObject({ topic: z.string(), limit: z.number().optional() }),
      handler: async () => ({}),
    }),
    'GET /api/search': defineAPI({ input: z.strictObject({ q: z.string(), limit: z.number().optional() }), handler: async () => ({}) }),
    'GET /api/health': defineAPI({ handler: async () => ({}) }),
  },
});
const routes = app.registry.routes;
const search = app.registry.get('get_api_search')!;
const skills: SkillSet = { routes, byId: new Map(routes.map((route) => [route.operationId, route])), textSkill: search };

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: '' });
const data = (value: unknown): Part => ({ content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: '' });

function request(parts: Part[], metadata?: Record<string, unknown>, requestMetadata?: Record<string, unknown>): SendMessageRequest {
  return {
    tenant: '',
    message: { messageId: 'm', contextId: '', taskId: '', role: Role.ROLE_USER, parts, metadata, extensions: [], referenceTaskIds: [] },
    configuration: undefined,
    metadata: requestMetadata,
  };
}

function resolve(parts: Part[], metadata?: Record<string, unknown>, requestMetadata?: Record<string, unknown>, set: SkillSet = skills) {
  const call = resolveCall(request(parts, metadata, requestMetadata), set, errors);
  return { skill: call.route.operationId, input: call.input };
}

function refusal(parts: Part[], metadata?: Record<string, unknown>, set: SkillSet = skills): Error {
  try {
    resolveCall(request(parts, metadata), set, errors);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the message to be refused');
}

describe('resolveCall', () => {
  it('takes an envelope {skill, input} from a data part or from JSON text', () => {
    expect(resolve([data({ skill: 'get_api_docs', input: { slug: 'database' } })])).toEqual({
      skill: 'get_api_docs',
      input: { slug: 'database' },
    });
    expect(resolve([data({ skill: 'get_api_health' })])).toEqual({ skill: 'get_api_health', input: {} });
    expect(resolve([text(' {"skill": "get_api_examples", "input": {"topic": "routing"}} ')])).toEqual({
      skill: 'get_api_examples',
      input: { topic: 'routing' },
    });
  });

  it('takes the skill from the message metadata, then the request metadata, with the input as sent', () => {
    expect(resolve([data({ topic: 'auth' })], { skill: 'get_api_examples' })).toEqual({
      skill: 'get_api_examples',
      input: { topic: 'auth' },
    });
    expect(resolve([data({ slug: 'x' })], undefined, { skill: 'get_api_docs' })).toEqual({ skill: 'get_api_docs', input: { slug: 'x' } });
    expect(resolve([data({ slug: 'x' })], { skill: 'get_api_docs' }, { skill: 'get_api_health' }).skill).toBe('get_api_docs');
    expect(resolve([text('routing')], { skill: 'get_api_examples' })).toEqual({ skill: 'get_api_examples', input: { topic: 'routing' } });
    expect(resolve([], { skill: 'get_api_health' })).toEqual({ skill: 'get_api_health', input: {} });
  });

  it('sends plain text naming no skill to the text skill, joining text parts', () => {
    expect(resolve([text('resume a'), text('paused run')])).toEqual({ skill: 'get_api_search', input: { q: 'resume a\npaused run' } });
    expect(resolve([text('{not json}')])).toEqual({ skill: 'get_api_search', input: { q: '{not json}' } });
    expect(resolve([text('[1, 2]')])).toEqual({ skill: 'get_api_search', input: { q: '[1, 2]' } });
    const noTextSkill = { ...skills, textSkill: undefined };
    expect(refusal([text('hello')], undefined, noTextSkill).message).toMatch(
      /^The message is plain text and names no skill, and no single skill takes text; name one in message.metadata.skill/,
    );
  });

  it('sends JSON naming no skill to the only skill whose schema accepts it', () => {
    expect(resolve([data({ q: 'x', limit: 2 })])).toEqual({ skill: 'get_api_search', input: { q: 'x', limit: 2 } });
    expect(resolve([data({ topic: 'routing' })]).skill).toBe('get_api_examples');
    expect(refusal([data({})]).message).toMatch(
      /^The message names no skill and several skills accept this input \(get_api_docs, get_api_health\)/,
    );
    expect(refusal([data({ colour: 'red' })]).message).toMatch(/^The message names no skill and no skill accepts this input/);
    const only = { routes: [search], byId: new Map([[search.operationId, search]]), textSkill: search };
    expect(resolve([], undefined, undefined, only)).toEqual({ skill: 'get_api_search', input: {} });
    expect(refusal([]).message).toMatch(/^The message has no data or text part and names no skill/);
  });

  it('refuses what it cannot read as RequestMalformedError or ContentTypeNotSupportedError', () => {
    expect(refusal([data({ skill: 'nope' })])).toBeInstanceOf(errors.RequestMalformedError);
    expect(refusal([data({ skill: 'nope' })]).message).toContain(
      'Unknown skill "nope"; name one in message.metadata.skill or send a data part',
    );
    expect(refusal([text('x')], { skill: 42 }).message).toBe('message.metadata.skill must be a skill id (a non-empty string), got 42.');
    expect(refusal([data({ a: 1 }), data({ b: 2 })]).message).toBe('The message has 2 data parts; send the skill input as one data part.');
    expect(refusal([text('hi')], { skill: 'get_api_health' }).message).toContain('Skill get_api_health takes JSON input, not plain text');
    const file = refusal([
      {
        content: { $case: 'url', value: 'https://example.com/f.pdf' },
        metadata: undefined,
        filename: 'f.pdf',
        mediaType: 'application/pdf',
      },
    ]);
    expect(file).toBeInstanceOf(errors.ContentTypeNotSupportedError);
    expect(file.message).toBe(
      'Part 0 is a file (url); this agent reads one data part holding JSON, or text. Send the input as a data part.',
    );
    const noMessage = (() => {
      try {
        resolveCall({ tenant: '', message: undefined, configuration: undefined, metadata: undefined }, skills, errors);
      } catch (error) {
        return error as Error;
      }
      return undefined;
    })();
    expect(noMessage?.message).toBe('The request has no message; send params.message with the skill input in a data or text part.');
  });
});
