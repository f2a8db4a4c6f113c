import { loadContent } from '../content/index.js';
import { createDocsService } from '../service/create-docs-service.js';

/**
 * `kit-docs search "<query>"`: runs a query through the same route the HTTP API serves, so the
 * CLI shows exactly what `/api/search` answers, errors included.
 */
export async function runSearch(
  contentDirectory: string,
  query: { q: string; topic?: string; limit?: number },
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const content = await loadContent(contentDirectory);
  const { app } = createDocsService(content);
  const params = new URLSearchParams({ q: query.q });
  if (query.topic !== undefined) params.set('topic', query.topic);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const response = await app.fetch(new Request(`http://cli.invalid/api/search?${params}`));
  const body = (await response.json()) as {
    results?: { score: number; url: string; title: string; section: string; snippet: string }[];
    detail?: string;
  };
  if (!response.ok || !body.results) {
    err(`kit-docs search: ${body.detail ?? response.statusText}`);
    return 1;
  }
  if (body.results.length === 0) out('No sections match.');
  body.results.forEach((result, index) => {
    out(`${index + 1}. ${result.title} › ${result.section}  (${result.score})`);
    out(`   ${result.url}`);
    out(`   ${result.snippet}`);
  });
  return 0;
}
