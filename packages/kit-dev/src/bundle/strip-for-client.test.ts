import { describe, expect, it } from 'vitest';
import { loadTypeScript, stripForClient } from './strip-for-client.js';

const ts = await loadTypeScript();
const strip = (source: string, stripLoader = true) => stripForClient(ts, source, 'page.tsx', { stripLoader });
const lines = (text: string) => text.split('\n').length;

describe('stripForClient', () => {
  it('empties the children of ServerOnly, keeping its props and every line', () => {
    const source = [
      "import { ServerOnly } from '@kit/kit-react';",
      "import { Secret } from './secret.js';",
      'export default function Page() {',
      '  return (<main>',
      '    <ServerOnly fallback="x">',
      '      <Secret />',
      '    </ServerOnly>',
      '    <button>b</button>',
      '  </main>);',
      '}',
    ].join('\n');
    const out = strip(source)!;
    expect(out).not.toContain('<Secret');
    expect(out).toMatch(/<ServerOnly fallback="x">\s*\{\s*\}<\/ServerOnly>/);
    expect(out).toContain('<button>b</button>');
    expect(lines(out)).toBe(lines(source));
    expect(out.split('\n')[7]).toBe(source.split('\n')[7]);
  });

  it('follows renamed and namespace imports, and leaves other components called ServerOnly alone', () => {
    const renamed = "import { ServerOnly as S } from '@kit/kit-react';\nconst a = <S><b>secret</b></S>;";
    expect(strip(renamed)).not.toContain('secret');
    const namespace = "import * as Kit from '@kit/kit-react';\nconst a = <Kit.ServerOnly><b>secret</b></Kit.ServerOnly>;";
    expect(strip(namespace)).not.toContain('secret');
    const local = 'function ServerOnly(p: { children: unknown }) { return null; }\nconst a = <ServerOnly><b>kept</b></ServerOnly>;';
    expect(strip(local)).toBeNull();
  });

  it('keeps the outer edit of nested ServerOnly elements', () => {
    const source = "import { ServerOnly } from '@kit/kit-react';\nconst a = <ServerOnly><ServerOnly><i>deep</i></ServerOnly></ServerOnly>;";
    const out = strip(source)!;
    expect(out).not.toContain('deep');
    expect(out).toMatch(/<ServerOnly>\{\s*\}<\/ServerOnly>/);
  });

  it('removes the loader export in every spelling, only when asked', () => {
    const fn =
      "import { db } from './db.js';\nexport async function loader() {\n  return db.all();\n}\nexport default function Page() { return null; }";
    const out = strip(fn)!;
    expect(out).not.toContain('db.all');
    expect(lines(out)).toBe(lines(fn));
    expect(strip(fn, false)).toBeNull();

    const arrow = 'export const loader = async () => secret();\nexport default function P() { return null; }';
    expect(strip(arrow)).not.toContain('secret');

    const listed =
      'async function load() { return secret(); }\nfunction Page() { return null; }\nexport { load as loader, Page as default };';
    const listedOut = strip(listed)!;
    expect(listedOut).not.toContain('secret');
    expect(listedOut).toContain('export { Page as default };');

    const several = "export const title = 'T', loader = () => secret();";
    expect(strip(several)).toBe("export const title = 'T', loader = undefined;");
  });

  it('removes the actions export, so what only the actions import stays on the server', () => {
    const source =
      "import { z } from 'zod';\nimport { db } from './db.js';\nexport const actions = {\n  add: defineAction({ input: z.object({}), handler: () => db.insert() }),\n};\nexport default function Page() { return null; }";
    const out = strip(source)!;
    expect(out).not.toContain('db.insert');
    expect(out).toContain('export default function Page');
    expect(lines(out)).toBe(lines(source));
    const listed = 'const pageActions = { add: secret };\nexport { pageActions as actions };';
    expect(strip(listed)).not.toContain('secret');
  });

  it('answers null for files with nothing to strip', () => {
    expect(strip('export default function Page() { return <p>hi</p>; }')).toBeNull();
    expect(strip("const loaderText = 'loader';")).toBeNull();
  });
});
