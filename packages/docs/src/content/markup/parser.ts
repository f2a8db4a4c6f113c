import MarkdownIt, { type PluginWithParams } from 'markdown-it';
import container from 'markdown-it-container';
import type { RenderRule } from 'markdown-it/lib/renderer.mjs';
import type Token from 'markdown-it/lib/token.mjs';

/**
 * The one container syntax the service keeps after normalisation: `::: kind Title` up to a line of
 * as many colons, nested containers opening with more colons than the ones inside them.
 */
export const containerPattern = /^\s*([A-Za-z][\w-]*)\s*(.*)$/;

/** Token type of an opening container, as markdown-it-container names it for our container. */
export const containerOpen = 'container_block_open';
export const containerClose = 'container_block_close';

/** Kind and title of a container token (`::: warning Breaking change` gives `warning` and `Breaking change`). */
export function containerInfo(token: Token): { kind: string; title: string } {
  const match = containerPattern.exec(token.info);
  return { kind: (match?.[1] ?? 'note').toLowerCase(), title: (match?.[2] ?? '').trim() };
}

/** Adds the container syntax to a markdown-it instance, with the renderer given (the default is a `div`). */
export function withContainers(markdown: MarkdownIt, render?: RenderRule): MarkdownIt {
  // The plugin's types describe markdown-it's CommonJS build; the function is the same.
  return markdown.use(container as unknown as PluginWithParams, 'block', {
    validate: (params: string) => containerPattern.test(params),
    ...(render ? { render } : {}),
  });
}

/**
 * The parser the loader reads documents with. Raw HTML is recognised (so that the topics comment is
 * an `html_block`) but never rendered from here: the web renderer has its own instance with HTML off.
 */
export const contentParser = withContainers(new MarkdownIt({ html: true, linkify: false }));
