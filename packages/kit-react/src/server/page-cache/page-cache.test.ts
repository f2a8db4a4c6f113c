import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from './page-cache.js';

/** A render that counts its calls and answers what `next` says, with a nonce of its own like renderPage. */
function renderer(initial: { status?: number; text: string; cookie?: boolean }) {
  let next = initial;
  let calls = 0;
  let fail: Error | null = null;
  let gate: Promise<void> = Promise.resolve();
  const render = async () => {
    calls++;
    await gate;
    if (fail) throw fail;
    const nonce = `nonce${calls}-${Math.random().toString(36).slice(2)}`;
    const headers = new Headers({ 'Content-Type': 'text/html', 'Content-Security-Policy': `script-src 'self' 'nonce-${nonce}'` });
    if (next.cookie) headers.set('Set-Cookie', 'a=b');
    return new Response(`<p>${next.text}</p><script nonce="${nonce}">boot()</script>`, { status: next.status ?? 200, headers });
  };
  return {
    render,
    get calls() {
      return calls;
    },
    set: (value: typeof initial) => (next = value),
    failWith: (error: Error | null) => (fail = error),
    hold: () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return open;
    },
  };
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('PageCache', () => {
  it('renders once, then serves the kept page, each answer with a nonce of its own', async () => {
    const cache = new PageCache();
    const page = renderer({ text: 'Prices' });
    const first = await cache.answer('/prices', 'html', 60, page.render);
    const second = await cache.answer('/prices', 'html', 60, page.render);
    expect([first.headers.get('kit-page-cache'), second.headers.get('kit-page-cache')]).toEqual(['miss', 'hit']);
    expect(page.calls).toBe(1);
    const nonces = await Promise.all(
      [first, second].map(async (response) => {
        const inBody = /nonce="([^"]+)"/.exec(await response.text())?.[1];
        const inPolicy = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
        expect(inBody).toBe(inPolicy);
        return inBody;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('serves a stale page while one regeneration runs, then the new one', async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    const page = renderer({ text: 'old' });
    await cache.answer('/prices', 'html', 60, page.render);
    page.set({ text: 'new' });
    time.advance(61_000);
    const open = page.hold();
    const stale = await Promise.all([1, 2, 3].map(() => cache.answer('/prices', 'html', 60, page.render)));
    for (const response of stale) {
      expect(response.headers.get('kit-page-cache')).toBe('stale');
      expect(await response.text()).toContain('old');
    }
    expect(page.calls).toBe(2);
    open();
    await settle();
    const fresh = await cache.answer('/prices', 'html', 60, page.render);
    expect(fresh.headers.get('kit-page-cache')).toBe('hit');
    expect(await fresh.text()).toContain('new');
  });

  it('shares one render between the requests that miss at once', async () => {
    const cache = new PageCache();
    const page = renderer({ text: 'Prices' });
    const open = page.hold();
    const waiting = Promise.all([1, 2, 3].map(() => cache.answer('/prices?plan=team', 'html', 60, page.render)));
    open();
    const answers = await waiting;
    expect(page.calls).toBe(1);
    expect(await Promise.all(answers.map((response) => response.text()))).toEqual(Array(3).fill(expect.stringContaining('Prices')));
  });

  it('keeps only 200 answers that set no cookie', async () => {
    const cache = new PageCache();
    const missing = renderer({ status: 404, text: 'gone' });
    await cache.answer('/gone', 'html', 60, missing.render);
    await cache.answer('/gone', 'html', 60, missing.render);
    expect(missing.calls).toBe(2);
    const cookie = renderer({ text: 'hi', cookie: true });
    await cache.answer('/hi', 'html', 60, cookie.render);
    await cache.answer('/hi', 'html', 60, cookie.render);
    expect(cookie.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('keeps serving the last good page when a regeneration fails, says so once, and tries again a period later', async () => {
    const time = clock();
    const reported: string[] = [];
    const cache = new PageCache({ now: time.now, onError: (error, path) => reported.push(`${path}: ${(error as Error).message}`) });
    const page = renderer({ text: 'good' });
    await cache.answer('/prices', 'html', 60, page.render);
    page.failWith(new Error('database down'));
    for (let period = 0; period < 2; period++) {
      time.advance(61_000);
      expect(await (await cache.answer('/prices', 'html', 60, page.render)).text()).toContain('good');
      await settle();
      // Within the next period the last good page counts as fresh again: no render on every request.
      expect((await cache.answer('/prices', 'html', 60, page.render)).headers.get('kit-page-cache')).toBe('hit');
    }
    expect(reported).toEqual(['/prices: database down']);
    page.failWith(null);
    page.set({ status: 500, text: 'broken' });
    time.advance(61_000);
    await cache.answer('/prices', 'html', 60, page.render);
    await settle();
    expect(await (await cache.answer('/prices', 'html', 60, page.render)).text()).toContain('good');
    page.set({ text: 'mended' });
    time.advance(61_000);
    await cache.answer('/prices', 'html', 60, page.render);
    await settle();
    expect(await (await cache.answer('/prices', 'html', 60, page.render)).text()).toContain('mended');
  });

  it('lets go of every copy of a path, whatever the query and kind, and of the least recently used past maxEntries', async () => {
    const cache = new PageCache({ maxEntries: 3 });
    const page = renderer({ text: 'x' });
    await cache.answer('/prices', 'html', null, page.render);
    await cache.answer('/prices?plan=team', 'html', null, page.render);
    await cache.answer('/prices', 'payload', null, page.render);
    cache.invalidate('/prices');
    expect(cache.size).toBe(0);
    for (const path of ['/a', '/b', '/c']) await cache.answer(path, 'html', null, page.render);
    await cache.answer('/a', 'html', null, page.render);
    await cache.answer('/d', 'html', null, page.render);
    const calls = page.calls;
    await cache.answer('/a', 'html', null, page.render);
    await cache.answer('/b', 'html', null, page.render);
    expect(page.calls).toBe(calls + 1);
  });

  it('serves a seeded page, such as one the build rendered, and refuses a bad maxEntries', async () => {
    const cache = new PageCache();
    const built: CachedPage = {
      status: 200,
      headers: [['content-type', 'text/html']],
      body: '<p>built</p>',
      nonce: '',
      renderedAt: Date.now(),
    };
    cache.seed('/about', 'html', null, built);
    const page = renderer({ text: 'rendered' });
    const answer = await cache.answer('/about', 'html', null, page.render);
    expect(await answer.text()).toBe('<p>built</p>');
    expect(page.calls).toBe(0);
    expect(() => new PageCache({ maxEntries: 0 })).toThrow('PageCache: maxEntries must be a positive whole number, got 0');
  });
});
