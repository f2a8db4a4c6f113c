import { metaElements, metaMarker, type RouteMeta } from '../meta/route-meta.js';

/**
 * After a client navigation: replaces the head elements kit wrote for the previous page's metadata with
 * the new page's, title included (a `<title>` a component renders stays React's to update).
 */
export function applyMeta(meta: RouteMeta): void {
  const head = document.head;
  for (const old of head.querySelectorAll(`[${metaMarker}]`)) old.remove();
  const added: HTMLElement[] = [];
  if (meta.title !== undefined) {
    const title = document.createElement('title');
    title.textContent = meta.title;
    added.push(title);
  }
  for (const element of metaElements(meta)) {
    const node = document.createElement(element.tag);
    if (element.tag === 'meta') {
      node.setAttribute(element.key, element.name);
      node.setAttribute('content', element.content);
    } else {
      node.setAttribute('rel', element.rel);
      node.setAttribute('href', element.href);
    }
    added.push(node);
  }
  for (const node of added) {
    node.setAttribute(metaMarker, '');
    head.appendChild(node);
  }
}
