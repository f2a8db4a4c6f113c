import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../../test-support/rejection.js';
import { KitAIError } from '../../errors/kit-ai-error.js';
import { OriginPolicy } from './origin-policy.js';

function configMessage(allowedOrigins: unknown): string {
  const error = thrownBy(() => OriginPolicy.fromOptions('createBrowserSandbox', allowedOrigins), KitAIError);
  expect(error.code).toBe('invalid_config');
  return error.message;
}

describe('OriginPolicy', () => {
  it('normalizes the allowed origins', () => {
    const policy = OriginPolicy.fromOptions('f', ['HTTP://LocalHost:80/', 'https://App.Example.com:443', 'http://127.0.0.1:4000']);
    expect(policy.describe()).toBe('http://localhost, https://app.example.com, http://127.0.0.1:4000');
    expect(policy.allowsRequest('http://localhost/a?b')).toBe(true);
    expect(policy.allowsRequest('http://127.0.0.1:4000/x')).toBe(true);
    expect(policy.allowsRequest('http://127.0.0.1:4001/x')).toBe(false);
    expect(policy.allowsRequest('https://127.0.0.1:4000/x')).toBe(false);
    expect(policy.allowsRequest('http://app.example.com/')).toBe(false);
    expect(policy.allowsRequest('data:text/plain,hi')).toBe(true);
    expect(policy.allowsRequest('file:///etc/passwd')).toBe(false);
    expect(policy.allowsRequest('not a url')).toBe(false);
    expect(policy.allowsTunnel('app.example.com:443')).toBe(true);
    expect(policy.allowsTunnel('APP.example.com:443')).toBe(true);
    expect(policy.allowsTunnel('127.0.0.1:4000')).toBe(true);
    expect(policy.allowsTunnel('evil.example:443')).toBe(false);
    expect(policy.isForeignPage('http://evil.example/')).toBe(true);
    expect(policy.isForeignPage('http://localhost/')).toBe(false);
    expect(policy.isForeignPage('about:blank')).toBe(false);
    expect(policy.isForeignPage('chrome-error://chromewebdata/')).toBe(false);
  });

  it('refuses an empty or malformed list', () => {
    expect(configMessage([])).toContain('allowedOrigins must be a non-empty list of origins such as "http://127.0.0.1:4000", got an array');
    expect(configMessage(undefined)).toContain('got undefined');
    expect(configMessage(['http://127.0.0.1:4000/app'])).toBe(
      'createBrowserSandbox: allowedOrigins: "http://127.0.0.1:4000/app" has a path, query or fragment, but only whole origins can be allowed; give an origin such as "http://127.0.0.1:4000" or "https://app.example.com".',
    );
    expect(configMessage(['https://*.example.com'])).toContain('has a wildcard');
    expect(configMessage(['127.0.0.1:4000'])).toContain('is not a URL');
    expect(configMessage(['localhost:4000'])).toContain('is not an http or https origin');
    expect(configMessage(['localhost'])).toContain('is not a URL');
    expect(configMessage(['ftp://example.com'])).toContain('is not an http or https origin');
    expect(configMessage(['http://user:pw@example.com'])).toContain('has credentials');
    expect(configMessage([42])).toContain('42 is not a string');
  });

  it('lets browser_open navigate only to http(s) URLs of allowed origins', () => {
    const policy = OriginPolicy.fromOptions('f', ['http://127.0.0.1:4000']);
    expect(policy.checkNavigation('browser_open', 'http://127.0.0.1:4000/login?next=%2F').href).toBe(
      'http://127.0.0.1:4000/login?next=%2F',
    );
    const refusal = (url: string): string => {
      const error = thrownBy(() => policy.checkNavigation('browser_open', url), KitAIError);
      expect(error.code).toBe('sandbox_refused');
      return error.message;
    };
    expect(refusal('http://127.0.0.1:5000/')).toBe(
      'browser_open: http://127.0.0.1:5000 is not an allowed origin. Only http and https pages of the allowed origins can be opened: http://127.0.0.1:4000.',
    );
    expect(refusal('file:///etc/passwd')).toContain('file: URLs cannot be opened');
    expect(refusal('data:text/html,<h1>hi</h1>')).toContain('data: URLs cannot be opened');
    expect(refusal('javascript:alert(1)')).toContain('javascript: URLs cannot be opened');
    expect(refusal('/relative/path')).toContain('"/relative/path" is not an absolute URL');
    expect(refusal('http://user:pw@127.0.0.1:4000/')).toContain('URLs with credentials cannot be opened');
  });
});
