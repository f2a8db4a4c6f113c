import { defineAPI, KitError, quoteInput } from '@kit/kit-core';
import type { Library } from '../library/catalog.js';
import type { ContentStore } from '../service/state.js';
import { resolveLibraryName, versionUrls } from './library-choice.js';
import { librariesInput, librariesOutput } from './schemas.js';
import type { UrlMaker } from './urls.js';

/**
 * `GET /api/libraries`: every library served with its versions, or, with `name`, the libraries a
 * free-text name resolves to, best first. Over MCP this is the tool an agent calls first, to learn
 * the id it then sends as `library`.
 */
export function librariesRoute(store: ContentStore, url: UrlMaker) {
  return defineAPI({
    description:
      'Lists the libraries this service documents, each with its id, versions (newest first) and summary. Send name (such as hono or @hono/zod-validator) to resolve a library name to the id the other operations take as library; an unknown name is a 404 that suggests close ones.',
    capability: 'read',
    resource: 'libraries',
    input: librariesInput,
    output: librariesOutput,
    handler: async ({ input }) => {
      const { catalog } = store;
      if (input.name === undefined) {
        const libraries = [catalog.defaultLibrary, ...catalog.libraries.filter((library) => !library.isDefault)].map((library) =>
          summaryOf(library, url),
        );
        return { libraries, total: libraries.length };
      }
      const matches = resolveLibraryName(catalog, input.name);
      const confident = matches.filter((match) => match.score >= 0.8);
      if (confident.length === 0) {
        const suggestions = matches.map((match) => match.library.id);
        const near = suggestions.length > 0 ? `; did you mean ${suggestions.map((id) => `"${id}"`).join(' or ')}?` : '.';
        throw new KitError(
          'not_found',
          `No library is named ${quoteInput(input.name)}${near} The libraries are ${catalog.libraries.map((library) => library.id).join(', ')}.`,
          { suggestions },
        );
      }
      const libraries = confident.map((match) => ({ ...summaryOf(match.library, url), match: match.matchedBy }));
      return { libraries, total: libraries.length };
    },
  });
}

function summaryOf(library: Library, url: UrlMaker) {
  return {
    id: library.id,
    title: library.title,
    summary: library.summary,
    aliases: [...library.aliases],
    versions: library.versions.map((version) => version.version),
    latest: library.latest.version,
    default: library.isDefault,
    documents: library.latest.state.content.documents.length,
    url: versionUrls(url, library.latest)('/'),
  };
}
