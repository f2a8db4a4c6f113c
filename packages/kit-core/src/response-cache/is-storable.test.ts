import { describe, expect, it } from 'vitest';
import { isStorable } from './is-storable.js';

const answer = (headers: Record<string, string> = {}, status = 200) => new Response(status === 304 ? null : 'body', { status, headers });

describe('isStorable', () => {
  it('keeps a plain 200, with or without validators and no-cache', () => {
    expect(isStorable(answer())).toBe(true);
    expect(isStorable(answer({ 'cache-control': 'no-cache', etag: 'W/"a"' }))).toBe(true);
    expect(isStorable(answer({ 'cache-control': 'public, max-age=60' }))).toBe(true);
  });

  it('keeps answers that vary only on what the key holds', () => {
    expect(isStorable(answer({ vary: 'Accept-Encoding' }))).toBe(true);
    expect(isStorable(answer({ vary: 'accept, Accept-Encoding' }))).toBe(true);
  });

  it.each([
    ['another status', answer({}, 404)],
    ['a 201', answer({}, 201)],
    ['no-store', answer({ 'cache-control': 'no-store' })],
    ['private', answer({ 'cache-control': 'max-age=0, private' })],
    ['a cookie', answer({ 'set-cookie': 'session=1' })],
    ['Vary on a cookie', answer({ vary: 'Accept, Cookie' })],
    ['Vary: *', answer({ vary: '*' })],
    ['a body already encoded', answer({ 'content-encoding': 'gzip' })],
    ['an event stream', answer({ 'content-type': 'text/event-stream' })],
  ])('refuses %s', (_what, response) => {
    expect(isStorable(response)).toBe(false);
  });
});
