import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevHarness, type DevHarness } from '../testing/dev-harness.js';

let harness: DevHarness;

beforeAll(async () => {
  harness = await startDevHarness();
});

afterAll(async () => {
  await harness?.close();
});

const file = (path: string) => harness.file(path);
const page = (path: string) => harness.page(path);
const after: DevHarness['after'] = (path, change) => harness.after(path, change);
const readEvents: DevHarness['readEvents'] = (count, during) => harness.readEvents(count, during);

describe('the dev server while files break and mend', () => {
  it('keeps serving the last good build for other routes during a syntax error, shows it where it matters, and clears it', async () => {
    const events = await readEvents(2, async () => {
      const broken = await after('app/routes/tickets/index.page.tsx', async () => {
        const text = await readFile(file('app/routes/tickets/index.page.tsx'), 'utf8');
        await writeFile(file('app/routes/tickets/index.page.tsx'), text.replace('<h1>Tickets</h1>', '<h1>Tickets</h1>\n      <p>{</p>'));
      });
      expect(broken).toMatchObject({ error: { file: 'app/routes/tickets/index.page.tsx', line: 14 } });
      expect(harness.dev.error?.message).toBeTruthy();

      const overlay = await page('/tickets');
      expect(overlay.status).toBe(500);
      const html = await overlay.text();
      expect(html).toContain('app/routes/tickets/index.page.tsx:14:');
      expect(html).toContain('&gt; 14 |');
      const other = await page('/about');
      expect(other.status).toBe(200);
      expect(await other.text()).toContain('<h1>About</h1>');
      expect((await fetch(`${harness.base}/api/tickets`)).status).toBe(200);
      const navigation = await fetch(`${harness.base}/tickets`, { headers: { 'kit-navigation': '1' } });
      expect(navigation.status).toBe(500);
      expect(navigation.headers.get('content-type')).toContain('application/problem+json');

      const fixed = await after('app/routes/tickets/index.page.tsx', async () => {
        const text = await readFile(file('app/routes/tickets/index.page.tsx'), 'utf8');
        await writeFile(file('app/routes/tickets/index.page.tsx'), text.replace('\n      <p>{</p>', ''));
      });
      expect(fixed).toMatchObject({ reload: { kind: 'routes' } });
    });
    expect(events).toEqual([
      {
        event: 'error',
        data: { file: 'app/routes/tickets/index.page.tsx', line: 14, column: expect.any(Number), message: expect.any(String) },
      },
      { event: 'update', data: { kind: 'routes', generation: expect.any(Number) } },
    ]);
    expect(harness.dev.error).toBeNull();
    expect((await page('/tickets')).status).toBe(200);
  });

  it('answers a page whose component throws with the render error overlay naming the file and line', async () => {
    await after('app/routes/crash.page.tsx', () =>
      writeFile(
        file('app/routes/crash.page.tsx'),
        'export default function Crash() {\n  const items: string[] | undefined = undefined;\n  return <p>{items!.length}</p>;\n}\n',
      ),
    );
    const response = await page('/crash');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<h1>Render error</h1>');
    expect(html).toMatch(/id="kit-error-location">app\/routes\/crash\.page\.tsx:3:\d+</);
    expect(html).toContain('&gt; 3 |   return &lt;p&gt;{items!.length}&lt;/p&gt;;');
    await after('app/routes/crash.page.tsx', () => rm(file('app/routes/crash.page.tsx')));
  });

  it('rebuilds only the stylesheet for a CSS edit, keeping the app (and its state) as it is', async () => {
    const created = await fetch(`${harness.base}/api/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Survives CSS' }),
    });
    expect(created.status).toBe(200);
    const events = await readEvents(1, async () => {
      const outcome = await after('app/styles/global.css', async () => {
        const text = await readFile(file('app/styles/global.css'), 'utf8');
        await writeFile(file('app/styles/global.css'), `${text}\n.added-rule { color: rgb(1, 2, 3); }\n`);
      });
      expect(outcome).toMatchObject({ reload: { kind: 'css', changedFiles: ['app/styles/global.css'] } });
    });
    expect(events).toEqual([{ event: 'update', data: { kind: 'css', generation: expect.any(Number) } }]);
    const css = await fetch(`${harness.base}/_kit/client/app.css`);
    expect(css.headers.get('cache-control')).toBe('no-store');
    expect(await css.text()).toContain('.added-rule');
    const list = (await (await fetch(`${harness.base}/api/tickets`)).json()) as { tickets: { title: string }[] };
    expect(list.tickets.map((ticket) => ticket.title)).toContain('Survives CSS');
  });
});
