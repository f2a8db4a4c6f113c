import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePathOf, imageUrl, maxImageBytes, readContentImages, resolveImage, type ContentImage } from './images.js';

let site: string;
beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'kit-docs-images-'));
  await mkdir(join(site, 'docs/guide/img'), { recursive: true });
  await mkdir(join(site, 'static/img'), { recursive: true });
  await writeFile(join(site, 'docs/guide/img/flow.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(join(site, 'docs/guide/notes.md'), '# Notes\n');
  await writeFile(join(site, 'static/img/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(site, 'docs/guide/img/huge.jpg'), Buffer.alloc(maxImageBytes + 1));
});
afterAll(() => rm(site, { recursive: true, force: true }));

describe('readContentImages', () => {
  it('reads the images of the folder and of the site folders beside it, by path from the folder', async () => {
    const { images, skipped } = await readContentImages(join(site, 'docs'));
    expect([...images.keys()].sort()).toEqual(['../static/img/logo.svg', 'guide/img/flow.png']);
    expect(images.get('guide/img/flow.png')).toMatchObject({ url: '/media/guide/img/flow.png', contentType: 'image/png' });
    expect(images.get('../static/img/logo.svg')?.url).toBe('/media/_site/static/img/logo.svg');
    expect(skipped).toEqual([
      { file: join(site, 'docs/guide/img/huge.jpg'), reason: expect.stringContaining('over the 5 MB an image may have') },
    ]);
  });
});

describe('resolveImage', () => {
  const image = (path: string): ContentImage => ({ url: imageUrl(path), bytes: new Uint8Array(), contentType: 'image/png', etag: '"x"' });
  const images = new Map([
    ['docs/guide/img/flow.png', image('docs/guide/img/flow.png')],
    ['static/img/logo.png', image('static/img/logo.png')],
    ['../public/hero one.png', image('../public/hero one.png')],
  ]);

  it('finds an image beside the document, and one linked from the root in the site folders', () => {
    expect(resolveImage('img/flow.png', 'guide/intro.md', 'docs', images)).toEqual({ href: '/media/docs/guide/img/flow.png' });
    expect(resolveImage('./img/flow.png?raw=1', 'guide/intro.md', 'docs', images)).toEqual({ href: '/media/docs/guide/img/flow.png' });
    expect(resolveImage('/img/logo.png', 'guide/intro.md', 'docs', images)).toEqual({ href: '/media/static/img/logo.png' });
    expect(resolveImage('/hero%20one.png', 'index.md', 'docs', images)).toEqual({ href: '/media/_site/public/hero%20one.png' });
  });

  it('leaves pages and full URLs to the link resolver, and names where it looked for a missing image', () => {
    expect(resolveImage('../api/request.md', 'guide/intro.md', 'docs', images)).toBeUndefined();
    expect(resolveImage('https://example.org/badge.svg', 'guide/intro.md', 'docs', images)).toBeUndefined();
    expect(resolveImage('img/missing.png', 'guide/intro.md', 'docs', images)).toEqual({
      href: 'img/missing.png',
      problem:
        'broken image "img/missing.png": no image file at "docs/guide/img/missing.png" (paths from the content directory); fix the path or add the file',
    });
  });

  it('maps a served path back to the image path', () => {
    expect(imagePathOf('_site/static/img/logo.png')).toBe('../static/img/logo.png');
    expect(imagePathOf('guide/img/flow.png')).toBe('guide/img/flow.png');
  });
});
