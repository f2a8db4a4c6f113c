export { embeddedContentDirectory } from './embedded.js';
export { loadContent, assembleContent, type LoadContentOptions } from './load.js';
export { defaultContentLimits, resolveContentLimits, type ContentLimits } from './read-files.js';
export { lintContent, sectionWordLimits } from './lint.js';
export { ContentError, formatProblem, formatWarning, type ContentProblem } from './problems.js';
export type { ContentFile } from './read-files.js';
export type { Content, ContentLayout, Document, DocumentHeading, Example, ExampleLanguage, Section, Site, Taxonomy } from './types.js';
export { documentMarkdown } from './markdown-view.js';
