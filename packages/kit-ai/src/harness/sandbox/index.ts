/**
 * The sandboxes of harness runs, for the package entry to re-export: the file sandbox (paths confined to
 * a folder, commands with a clean environment and caps) and the browser sandbox (Chromium confined to
 * allowed origins). Neither is operating-system isolation; see `createFileSandbox`.
 */
export { createFileSandbox, type FileSandbox, type FileSandboxOptions } from './file-sandbox.js';
export { createBrowserSandbox, type BrowserSandbox, type BrowserSandboxOptions } from './browser-sandbox.js';
export type { FileListEntry, FileListResult } from './fs-list-tool.js';
export type { FileReadResult } from './fs-read-tool.js';
export type { FileWriteResult } from './fs-write-tool.js';
export type { FileEditResult } from './fs-edit-tool.js';
export type { CommandResult } from './run-command-tool.js';
export type { BrowserClickResult, BrowserOpenResult, BrowserTextResult, PageState } from './browser-results.js';
