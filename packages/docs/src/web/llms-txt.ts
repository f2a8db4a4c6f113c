import { libraryQuery, relinkMarkdown } from '../api/library-choice.js';
import { documentMarkdown, type Content } from '../content/index.js';
import type { UrlMaker } from '../api/urls.js';
import type { Library, LibraryVersion } from '../library/catalog.js';
import { isRootView, siteTitleOf, type SiteView } from './site-view.js';

/** The library version an llms.txt describes, in its catalog; a site view is one. */
export type LlmsPlace = Pick<SiteView, 'catalog' | 'library' | 'version'>;

/**
 * `/llms.txt` in the llms.txt format: the site as an H1, its summary as a blockquote, a line on the
 * other ways in, then one H2 per navigation group listing `- [title](url.md): summary`. Without a
 * `place`, or for the default library's latest version, the links are the site's own (`/docs/…`),
 * and a `## Libraries` section lists the llms.txt of every other library and version served, so an
 * agent that reads this one file finds them all. Any other version links under its base
 * (`/libraries/hono/3/docs/…`) and names the versions beside it.
 */
export function renderLlmsTxt(content: Content, url: UrlMaker, place?: LlmsPlace): string {
  const { site } = content;
  const root = place === undefined || isRootView(place);
  const link: UrlMaker = root ? url : (path) => url(`${place.version.base}${path}`);
  const search = root ? `${url('/api/search')}?q=` : `${url('/api/search')}${libraryQuery(place.version, '?')}&q=`;
  const libraries = root && place !== undefined ? librariesSection(place, url) : [];
  const pointer = libraries.length > 0 ? ' Other libraries and versions this service documents are listed under Libraries at the end.' : '';
  const lines = [
    `# ${oneLine(root ? site.title : siteTitleOf(place))}`,
    '',
    `> ${oneLine(root ? site.summary : place.library.summary || site.summary)}`,
    '',
    `Every document below is Markdown. The same documents are at ${link('/llms-full.txt')} in one file, and ` +
      `${search} searches their sections (described by ${url('/openapi.json')}; also over MCP at ${url('/mcp')}).${pointer}`,
  ];
  if (!root) lines.push('', otherVersionsLine(place, url));
  const groups = [...site.groups, ...new Set(content.documents.map((d) => d.group).filter((group) => !site.groups.includes(group)))];
  for (const group of groups) {
    const documents = content.documents.filter((document) => document.group === group);
    if (documents.length === 0) continue;
    lines.push('', `## ${oneLine(group)}`, '');
    for (const document of documents) {
      const summary = oneLine(document.summary);
      lines.push(`- [${linkText(document.title)}](${link(`${document.url}.md`)})${summary ? `: ${summary}` : ''}`);
    }
  }
  lines.push(...libraries);
  return `${lines.join('\n')}\n`;
}

/**
 * `/llms-full.txt`: the site heading, then every document's Markdown view in navigation order; for a
 * version other than the default library's latest, its links lead under the version's base.
 */
export function renderLlmsFullTxt(content: Content, url: UrlMaker, place?: LlmsPlace): string {
  const root = place === undefined || isRootView(place);
  const title = root ? content.site.title : siteTitleOf(place);
  const header = `# ${oneLine(title)}\n\n> ${oneLine(content.site.summary)}\n`;
  const documents = content.documents.map((document) =>
    root
      ? `<!-- ${url(document.url)} -->\n${documentMarkdown(document)}`
      : `<!-- ${url(`${place.version.base}${document.url}`)} -->\n${relinkMarkdown(documentMarkdown(document), place.version)}`,
  );
  return [header, ...documents].join('\n');
}

/** The llms.txt of a version: the site's own for the default library's latest, else under its base. */
function llmsTxtOf(version: LibraryVersion, url: UrlMaker): string {
  return url(`${version.base}/llms.txt`);
}

/** For a version other than the default library's latest: the library's other versions and the index of every library. */
function otherVersionsLine(place: LlmsPlace, url: UrlMaker): string {
  const others = place.library.versions.filter((version) => version !== place.version);
  const versions =
    others.length === 0
      ? ''
      : ` Other versions: ${others.map((version) => `[${linkText(version.version)}](${llmsTxtOf(version, url)})`).join(', ')}.`;
  return `This is version ${oneLine(place.version.version)} of ${oneLine(place.library.title)}.${versions} Every library this service documents is listed in ${url('/llms.txt')}.`;
}

/**
 * `## Libraries` of the root llms.txt: each other library's latest llms.txt with its summary and its
 * older versions, and the older versions of the default library; nothing when there are none.
 */
function librariesSection(place: LlmsPlace, url: UrlMaker): string[] {
  const { catalog } = place;
  const others = catalog.libraries.filter((library) => library !== catalog.defaultLibrary);
  const olderOfDefault = catalog.defaultLibrary.versions.slice(1);
  if (others.length === 0 && olderOfDefault.length === 0) return [];
  const lines = ['', '## Libraries', ''];
  for (const library of others) {
    const summary = sentence(library.summary);
    lines.push(
      `- [${linkText(library.title)} ${linkText(library.latest.version)}](${llmsTxtOf(library.latest, url)})${summary ? `: ${summary}` : ''}${olderVersions(library, url)}`,
    );
  }
  for (const version of olderOfDefault) {
    lines.push(
      `- [${linkText(catalog.defaultLibrary.title)} ${linkText(version.version)}](${llmsTxtOf(version, url)}): an older version of the documentation above.`,
    );
  }
  return lines;
}

/** ` Older versions: [3](…/libraries/hono/3/llms.txt).`, or nothing for a library with one version. */
function olderVersions(library: Library, url: UrlMaker): string {
  const older = library.versions.slice(1);
  if (older.length === 0) return '';
  return ` Older versions: ${older.map((version) => `[${linkText(version.version)}](${llmsTxtOf(version, url)})`).join(', ')}.`;
}

/** A summary on one line, ending like a sentence so that what follows it reads apart (`HTTPX` gives `HTTPX.`). */
function sentence(text: string): string {
  const line = oneLine(text);
  return line === '' || /[.!?…:;]$/.test(line) ? line : `${line}.`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function linkText(text: string): string {
  return oneLine(text).replace(/[[\]]/g, '\\$&');
}
