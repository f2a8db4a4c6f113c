/**
 * @kit/kit-core/internal: helpers kit's own packages share (kit-agent's MCP and A2A servers, kit-dev,
 * kit docs). Not part of the public API: they may change in any release without notice.
 */
export { issueMessage, safeParseWithMessages } from './registry/issue-messages.js';
export { fieldIssues } from './registry/capability-registry.js';
export { matchesEtag } from './http/responses.js';
export { activeTraceHeaders, errorType, failSpan, inSpan, tracingOn } from './tracing/spans.js';
