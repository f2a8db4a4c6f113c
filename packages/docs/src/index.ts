/**
 * @kit/docs: the documentation query service. Load and validate a content directory, then serve
 * it over HTTP, MCP and llms.txt; the `kit-docs` program does the same from the command line.
 */
export {
  ContentError,
  defaultContentLimits,
  documentMarkdown,
  embeddedContentDirectory,
  formatProblem,
  formatWarning,
  lintContent,
  loadContent,
  resolveContentLimits,
  type Content,
  type ContentLayout,
  type ContentLimits,
  type ContentProblem,
  type Document,
  type DocumentHeading,
  type Example,
  type ExampleLanguage,
  type LoadContentOptions,
  type Section,
  type Site,
  type Taxonomy,
} from './content/index.js';
export { createDocsSearch, toSearchableSections, type DocsSearch, type DocsSearchResult } from './search/index.js';
export { createDocsService, apiVersion, type DocsService, type DocsServiceOptions } from './service/create-docs-service.js';
export { ContentStore, type HealthStatus, type ServiceState } from './service/state.js';
export { defaultLibraryOf, type Catalog, type Library, type LibraryVersion } from './library/catalog.js';
export { loadCatalog, type FolderLoader } from './library/load-catalog.js';
export {
  combineSources,
  LibrarySettingsError,
  parseContentFlag,
  readLibrarySettings,
  type CatalogSource,
  type LibrarySettingsIssue,
  type LibrarySource,
  type VersionSource,
} from './library/sources.js';
export { runCli } from './cli/run.js';
