import { metaElements, metaMarker, type RouteMeta } from '../meta/route-meta.js';
import { attributeText } from './escape.js';

/** The head HTML of merged metadata: the title, then the meta and link elements, each marked as kit's. */
export function metaHtml(meta: RouteMeta): string {
  let html = meta.title === undefined ? '' : `<title ${metaMarker}="">${textOf(meta.title)}</title>`;
  for (const element of metaElements(meta)) {
    html +=
      element.tag === 'meta'
        ? `<meta ${element.key}="${attributeText(element.name)}" content="${attributeText(element.content)}" ${metaMarker}=""/>`
        : `<link rel="${element.rel}" href="${attributeText(element.href)}" ${metaMarker}=""/>`;
  }
  return html;
}

/** Text for an element's content: `&` and `<` escaped. */
function textOf(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
