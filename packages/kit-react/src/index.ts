/**
 * @kit/kit-react: what route files import. Isomorphic: it runs in the server renderer and in browser
 * bundles, so it imports neither react-dom/server nor node: modules.
 */
export { Outlet } from './components/outlet.js';
export { useLoaderData } from './components/use-loader-data.js';
export { ServerOnly, type ServerOnlyProps } from './components/server-only.js';
export { Hydrate, type HydrateProps, type HydrateWhen } from './components/hydrate-when.js';
export { Link, type LinkProps } from './components/link.js';
export { useRouter } from './router/use-router.js';
export type { NavigateOptions, Router } from './router/router.js';
export { withViewTransition } from './router/view-transition.js';
export { Form, type FormProps } from './components/form.js';
export { useActionData, useActionPending } from './components/use-action-data.js';
export {
  defineAction,
  redirect,
  type ActionArgs,
  type ActionDefinition,
  type ActionOutput,
  type ActionRedirect,
  type AnyActionDefinition,
} from './actions/define-action.js';
export { actionField, type ActionApproval, type ActionResult, type ActionValues } from './actions/action-result.js';
export type {
  ErrorModule,
  ErrorPageProps,
  LayoutModule,
  Loader,
  LoaderArgs,
  LoadingModule,
  NotFoundModule,
  MetaArgs,
  PageCacheSettings,
  PageHydration,
  PagePrerender,
  RouteMetaExport,
  PageModule,
} from './modules/types.js';
export { KitReactError, type KitReactErrorCode } from './errors/kit-react-error.js';
export { useRun, type UseRunOptions, type UseRunResult } from './runs/use-run.js';
export { useAgentChat, type UseAgentChatOptions, type UseAgentChatResult } from './runs/use-agent-chat.js';
export { RunTranscript, type RunTranscriptProps } from './runs/run-transcript.js';
export { pageTraceHeaders } from './tracing/page-trace-headers.js';
export type { RouteMeta } from './meta/route-meta.js';
export type { ChatTurn } from './runs/chat-turns.js';
export type { RunConnection, RunState, RunToolCall } from './runs/run-reducer.js';
export type {
  RunApprovalRequest,
  RunEventPayloads,
  RunEventType,
  RunSnapshot,
  RunStatus,
  RunStreamEvent,
  RunTextPiece,
} from './runs/run-wire.js';
