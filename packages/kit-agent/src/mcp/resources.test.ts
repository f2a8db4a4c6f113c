import { describe, expect, it } from 'vitest';
import { compileTemplates, readUri, type McpResource } from './resources.js';

describe('readUri', () => {
  const listed: McpResource[] = [{ uri: 'docs://a', name: 'a', mimeType: 'text/markdown', read: async () => '# A (listed)' }];
  const templates = compileTemplates([
    { uriTemplate: 'docs://{slug}', name: 'doc', mimeType: 'text/markdown', read: ({ slug }) => (slug === 'b' ? '# B' : undefined) },
    { uriTemplate: 'docs://{slug}', name: 'fallback', mimeType: 'text/plain', read: ({ slug }) => `plain ${slug}` },
    { uriTemplate: 'files://{+path}', name: 'file', mimeType: 'text/plain', read: ({ path }) => `file at ${path}` },
  ]);

  it('answers from a listed resource before any template', async () => {
    expect(await readUri('docs://a', listed, templates)).toEqual({ text: '# A (listed)', mimeType: 'text/markdown' });
  });

  it('tries the templates in order until one answers', async () => {
    expect(await readUri('docs://b', listed, templates)).toEqual({ text: '# B', mimeType: 'text/markdown' });
    expect(await readUri('docs://c', listed, templates)).toEqual({ text: 'plain c', mimeType: 'text/plain' });
    expect(await readUri('files://dir/sub/file.txt', listed, templates)).toEqual({
      text: 'file at dir/sub/file.txt',
      mimeType: 'text/plain',
    });
  });

  it('finds nothing for a URI no template matches', async () => {
    expect(await readUri('other://x', listed, templates)).toBeUndefined();
  });
});
