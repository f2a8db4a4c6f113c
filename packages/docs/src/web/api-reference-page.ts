import { html } from './html.js';
import { renderLayout } from './layout.js';
import { contentOf, type SiteView } from './site-view.js';

/**
 * `/api-reference`: the service's own HTTP interface, drawn by Swagger UI from `/openapi.json`. The
 * renderer's script and stylesheet are served from this server like every other asset; a small
 * script of ours starts it, since the page may not carry inline script.
 */
export function renderApiReferencePage(view: SiteView): string {
  const { assets } = view;
  const content = contentOf(view);
  const main = html`<div class="api-reference">
<div class="prose">
<h1>API reference</h1>
<p>The HTTP interface of this documentation service, rendered from <a href="/openapi.json">/openapi.json</a>. The same operations are tools of the MCP server at <code>/mcp</code>.</p>
<noscript><p>This page draws the reference with JavaScript; without it, read <a href="/openapi.json">/openapi.json</a> directly.</p></noscript>
</div>
<div id="swagger-ui" data-spec-url="/openapi.json"></div>
</div>`;
  return renderLayout(view, {
    title: 'API reference',
    description: `The HTTP API of the ${content.site.title} documentation service, from its OpenAPI document.`,
    main,
    wide: true,
    head: html`<link rel="stylesheet" href="${assets.url('swagger-ui.css')}">`,
    scripts: [assets.url('swagger-ui-bundle.js'), assets.url('api-reference.js')],
  });
}
