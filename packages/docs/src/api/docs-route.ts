import { defineAPI, KitError, invalidInput, quoteInput } from '@kit/kit-core';
import type { Document, Section } from '../content/index.js';
import type { LibraryVersion } from '../library/catalog.js';
import type { ContentStore } from '../service/state.js';
import { chooseVersion, libraryQuery, namedOf, relinkMarkdown, versionUrls } from './library-choice.js';
import { docsInput, docsOutput, type DocumentEntry } from './schemas.js';
import { charactersPerToken, cutMarkdown, estimateTokens, fitToBudget } from './token-budget.js';
import { normalise, suggest } from './suggest.js';
import type { UrlMaker } from './urls.js';

/**
 * `GET /api/docs`: the document list (summaries, navigation order), one whole document (a section
 * per entry), or one section followed by its subsections.
 */
export function docsRoute(store: ContentStore, url: UrlMaker) {
  return defineAPI({
    description:
      'Lists documents with summaries, returns one document (a section per entry), or one section of a document and its subsections. Send slug to read a document; add section to read one section.',
    capability: 'read',
    resource: 'documents',
    input: docsInput,
    output: docsOutput,
    handler: async ({ input }) => {
      const chosen = chooseVersion(store.catalog, input);
      const { content, documents: bySlug } = chosen.state;
      const named = namedOf(input, chosen);
      const link = versionUrls(url, chosen);
      const answer = (documents: DocumentEntry[], next: string) => {
        if (input.tokens === undefined) return { ...named, documents, total: documents.length };
        const { kept, report } = fitToBudget(documents, input.tokens, {
          url: (entry) => entry.url,
          shorten: shortenEntry,
          next,
          frame: { ...named, documents: [], total: documents.length },
        });
        return { ...named, documents: kept, total: kept.length, budget: report };
      };
      if (input.section !== undefined && input.slug === undefined) {
        throw invalidInput([
          { field: 'section', message: 'requires slug: name the document too, e.g. {"slug":"core-concepts","section":"defineAPI"}' },
        ]);
      }
      if (input.slug === undefined) {
        const documents = content.documents.map((document): DocumentEntry => ({
          slug: document.slug,
          title: document.title,
          section: document.group,
          url: link(document.url),
          topics: [...document.topics],
          content: document.summary,
        }));
        return answer(documents, 'Send a larger tokens, or read a document with slug.');
      }
      const document = bySlug.get(input.slug);
      if (!document) {
        const suggestions = suggest(
          input.slug,
          content.documents.map((d) => d.slug),
        );
        throw new KitError(
          'not_found',
          `No document with slug ${quoteInput(input.slug)}${didYouMean(suggestions)} List the documents with GET /api/docs${libraryQuery(named, '?')}.`,
          { suggestions },
        );
      }
      const sections = input.section === undefined ? document.sections : sectionWithSubsections(document, input.section);
      const documents = sections.map((section) => entryOf(document, section, chosen, link));
      return answer(documents, `Read a section left out with slug "${document.slug}" and its heading as section, or send a larger tokens.`);
    },
  });
}

function entryOf(document: Document, section: Section, version: LibraryVersion, url: UrlMaker): DocumentEntry {
  return {
    slug: document.slug,
    title: document.title,
    section: section.heading,
    url: url(section.url),
    topics: [...section.topics],
    content: relinkMarkdown(section.markdown, version),
  };
}

/** The entry with its content cut to fit `tokens`, or undefined when not a sentence of it fits. */
function shortenEntry(entry: DocumentEntry, tokens: number): DocumentEntry | undefined {
  const overhead = estimateTokens({ ...entry, content: '' });
  const content = cutMarkdown(entry.content, (tokens - overhead) * charactersPerToken - 16);
  return content === undefined ? undefined : { ...entry, content };
}

/**
 * The section named by heading (compared without case and punctuation) or by anchor, else the first
 * whose heading starts with the name; then its `###` subsections when it is a `##` section.
 */
function sectionWithSubsections(document: Document, name: string): Section[] {
  const wanted = normalise(name);
  const anchor = name.trim().toLowerCase().replace(/^#/, '');
  const found =
    document.sections.find((section) => normalise(section.heading) === wanted || section.anchor === anchor) ??
    (wanted === '' ? undefined : document.sections.find((section) => normalise(section.heading).startsWith(wanted)));
  if (!found) {
    const suggestions = suggest(
      name,
      document.sections.map((section) => section.heading),
    );
    throw new KitError(
      'not_found',
      `Document "${document.slug}" has no section ${quoteInput(name)}${didYouMean(suggestions)} Read the document without section to see its headings.`,
      { suggestions },
    );
  }
  const children = found.level === 2 ? document.sections.filter((section) => section.parentAnchor === found.anchor) : [];
  return [found, ...children];
}

/** The end of a first sentence: `; did you mean "a" or "b"?`, or just `.` without suggestions. */
function didYouMean(suggestions: readonly string[]): string {
  return suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?` : '.';
}
