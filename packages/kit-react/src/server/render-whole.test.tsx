import { Writable } from 'node:stream';
import { Suspense, use, useId, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderWhole, streamAfterRefusal, wholeDocument, wholeMarkup, WholeRenderMemory } from './render-whole.js';

/** What React's streaming renderer writes for `tree` once everything is ready. */
function streamed(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    const stream = renderToPipeableStream(tree, { onAllReady: () => stream.pipe(sink), onShellError: reject, onError: () => undefined });
  });
}

function Labelled({ label }: { readonly label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} defaultValue={`${label} & <more>`} />
    </p>
  );
}

/** A document as kit renders one: a head, titles and meta hoisted from the body, boundaries, ids, text runs. */
function Page({ children }: { readonly children?: ReactNode }) {
  const count = 3;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <link rel="stylesheet" href="/app.css" />
      </head>
      <body>
        <Suspense fallback={<p>loading</p>}>
          <title>Tickets</title>
          <meta name="description" content="All the tickets" />
          <h1>
            Tickets ({count}) of {'Ada'}
          </h1>
          <Suspense fallback={null}>
            <Labelled label="Name" />
            <Labelled label="Title" />
            {children}
          </Suspense>
        </Suspense>
        <div id="announcer" style={{ position: 'absolute', width: '1px' }} />
      </body>
    </html>
  );
}

function Suspends(): ReactNode {
  use(new Promise<never>(() => undefined));
  return null;
}

function Throws(): ReactNode {
  throw new Error('broken');
}

describe('wholeMarkup', () => {
  it('writes what the streaming renderer writes, but for the doctype that wholeDocument adds', async () => {
    for (const tree of [
      <Page key="plain" />,
      <Page key="inner">
        {
          <ul>
            {['a', 'b'].map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        }
      </Page>,
    ]) {
      const whole = wholeMarkup(tree);
      expect(whole).not.toBeNull();
      expect(wholeDocument(whole!, '', '')).toBe(await streamed(tree));
    }
  });

  it('refuses a tree in which something suspends or throws, inside a boundary or outside every one', () => {
    expect(wholeMarkup(<Page>{<Suspends />}</Page>)).toBeNull();
    expect(wholeMarkup(<Page>{<Throws />}</Page>)).toBeNull();
    expect(wholeMarkup(<Throws />)).toBeNull();
    expect(wholeMarkup(<Suspends />)).toBeNull();
  });

  it('refuses markup with a script React writes itself, which only the streamed page gives its nonce', () => {
    const formWithAction = (
      <Page>
        <form action={() => undefined}>
          <button type="submit">Send</button>
        </form>
      </Page>
    );
    expect(wholeMarkup(formWithAction)).toBeNull();
    expect(wholeMarkup(<Page>{<script type="application/ld+json">{'{}'}</script>}</Page>)).not.toBeNull();
    expect(wholeMarkup(<Page>{<p>$5 or $!, {'<!--$!-->'}</p>}</Page>)).not.toBeNull();
  });
});

describe('wholeDocument', () => {
  it('puts the head text before the first </head>, the tail before the closing tags, and the doctype first', () => {
    const html = '<html><head><title>x</title></head><body><p>hi</p></body></html>';
    expect(wholeDocument(html, '<link rel="modulepreload" href="/a.js"/>', ['<script>', 'state', '</script>'])).toBe(
      '<!DOCTYPE html><html><head><title>x</title><link rel="modulepreload" href="/a.js"/></head><body><p>hi</p><script>state</script></body></html>',
    );
    expect(wholeDocument('<p>fragment</p>', '', 'tail')).toBe('<p>fragment</p>tail');
  });
});

describe('renderWhole', () => {
  it('makes no tree for a route refused a moment ago, and tries again later', () => {
    const route = {};
    let made = 0;
    const suspending = () => {
      made += 1;
      return <Suspends />;
    };
    expect(renderWhole(route, suspending)).toBeNull();
    expect(renderWhole(route, suspending)).toBeNull();
    expect(made).toBe(1);
    expect(renderWhole({}, () => <Page />)).toContain('<h1>');
  });
});

describe('WholeRenderMemory', () => {
  it('streams a refused route for a while, then tries it whole again; other routes are tried as before', () => {
    const memory = new WholeRenderMemory();
    const refused = {};
    const other = {};
    expect(memory.shouldTry(refused)).toBe(true);
    memory.refused(refused);
    for (let i = 0; i < streamAfterRefusal; i++) expect(memory.shouldTry(refused)).toBe(false);
    expect(memory.shouldTry(refused)).toBe(true);
    expect(memory.shouldTry(other)).toBe(true);
  });
});
