import { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { resolveCallSettings, resolveConnection } from './options.js';

describe('resolveConnection', () => {
  it('fills the default address and strips trailing slashes from a given one', () => {
    expect(resolveConnection('f', { apiKey: ' k ', model: 'm' }, 'https://api.example.test/v1')).toEqual({
      apiKey: 'k',
      model: 'm',
      baseUrl: 'https://api.example.test/v1',
      baseUrlGiven: false,
      maxTokens: undefined,
      headers: {},
    });
    const local = resolveConnection(
      'f',
      { apiKey: '', model: 'm', baseUrl: 'http://127.0.0.1:8080/v1//', maxTokens: 10, headers: { 'x-a': 'b' } },
      'https://x',
    );
    expect(local).toMatchObject({
      apiKey: '',
      baseUrl: 'http://127.0.0.1:8080/v1',
      baseUrlGiven: true,
      maxTokens: 10,
      headers: { 'x-a': 'b' },
    });
  });

  it('names the factory, the bad value and the fix', () => {
    const message = (options: unknown) => {
      try {
        resolveConnection('myFactory', options as never, 'https://x');
      } catch (error) {
        expect(error).toBeInstanceOf(KitAIError);
        expect((error as KitAIError).code).toBe('invalid_config');
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(message(undefined)).toBe('myFactory: options must be an object with apiKey and model, got undefined');
    expect(message({ apiKey: 'k' })).toBe('myFactory: model must be a non-empty string naming the model to call, got undefined');
    expect(message({ model: 'm' })).toMatch(
      /^myFactory: apiKey must be the vendor API key \(read it with env\(\) and check it is set\), got undefined;/,
    );
    expect(message({ apiKey: 'k', model: 'm', baseUrl: 'ftp://host' })).toBe(
      'myFactory: baseUrl must be an absolute http or https address such as "http://127.0.0.1:8080/v1", got "ftp://host"',
    );
    expect(message({ apiKey: 'k', model: 'm', maxTokens: '100' })).toBe(
      'myFactory: maxTokens must be a positive integer number of tokens, got "100"',
    );
    expect(message({ apiKey: 'k', model: 'm', headers: 'x' })).toBe('myFactory: headers must map header names to string values, got "x"');
  });
});

describe('resolveCallSettings', () => {
  it('takes the call cap first, then the fallback', () => {
    expect(resolveCallSettings('p', { maxTokens: 5, temperature: 0 }, 100)).toEqual({ maxTokens: 5, temperature: 0 });
    expect(resolveCallSettings('p', undefined, 100)).toEqual({ maxTokens: 100, temperature: undefined });
    expect(resolveCallSettings('p', {}, undefined)).toEqual({ maxTokens: undefined, temperature: undefined });
  });

  it('rejects caps and temperatures that no server accepts', () => {
    expect(() => resolveCallSettings('p', { maxTokens: 0 }, undefined)).toThrow(
      'p: options.maxTokens must be a positive integer number of tokens, got 0',
    );
    expect(() => resolveCallSettings('p', { temperature: -1 }, undefined)).toThrow(
      'p: options.temperature must be a finite number of at least 0, got -1',
    );
  });
});
