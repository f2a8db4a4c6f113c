import {
  ApprovalRequiredError,
  KitError,
  quoteInput,
  type CapabilityRegistry,
  type FieldIssue,
  type KitContext,
  type RouteKey,
} from '@kit/kit-core';
import { fieldIssues, safeParseWithMessages } from '@kit/kit-core/internal';
import type { RouteParams } from '@kit/kit-router';
import { actionField, type ActionResultState, type ActionValues } from '../actions/action-result.js';
import { isActionRedirect, type ActionArgs, type AnyActionDefinition } from '../actions/define-action.js';
import { formFields } from '../actions/form-values.js';
import { KitReactError } from '../errors/kit-react-error.js';
import type { PageModule } from '../modules/types.js';
import { toJsonData } from './json-data.js';

/** How an action ended: the browser goes on to `to`, the page shows `result`, or the action failed. */
export type ActionOutcome =
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'result'; readonly result: ActionResultState; readonly status: number }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface ActionInput {
  readonly request: Request;
  readonly ctx: KitContext;
  readonly params: RouteParams;
  readonly file: string;
  readonly module: PageModule;
  readonly registry: CapabilityRegistry | undefined;
  readonly pageCache: { invalidate(path: string): void } | undefined;
  readonly timeoutMs: number;
}

const formTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The action a form names, or the page's only one; a `KitError` naming the choices otherwise. */
function chooseAction(
  actions: Readonly<Record<string, AnyActionDefinition>>,
  named: string | null,
  file: string,
): [string, AnyActionDefinition] {
  const names = Object.keys(actions);
  if (named === null && names.length === 1) return [names[0]!, actions[names[0]!]!];
  const definition = named !== null && Object.hasOwn(actions, named) ? actions[named] : undefined;
  if (definition !== undefined) return [named!, definition];
  const choices = names.map((name) => `"${name}"`).join(', ');
  const asked = named === null ? 'The form names no action' : `${file} has no action ${quoteInput(named)}`;
  throw new KitError(
    'bad_request',
    `${asked}; the actions of ${file} are ${choices}. Name one with <Form action="..."> or a field named ${actionField}.`,
  );
}

/** One message per field (the first), and the form's own messages (issues without a field). */
function invalidResult(action: string, issues: readonly FieldIssue[], values: ActionValues): ActionResultState {
  const fieldErrors: Record<string, string> = {};
  let formError: string | null = null;
  for (const issue of issues) {
    if (issue.field === '') formError ??= issue.message;
    else fieldErrors[issue.field] ??= issue.message;
  }
  return { action, status: 'invalid', fieldErrors, formError, values };
}

/** `call` of the action's arguments: one of the app's API routes, as the same caller, through the registry. */
function routeCaller(registry: CapabilityRegistry | undefined, ctx: KitContext, file: string): ActionArgs<unknown>['call'] {
  return async <TOutput>(key: RouteKey, input?: unknown): Promise<TOutput> => {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const path = key.slice(space + 1);
    const route = registry?.routes.find((candidate) => candidate.method === method && candidate.path === path);
    if (registry === undefined || route === undefined) {
      const known =
        registry === undefined ? 'none: renderPage was given no registry' : registry.routes.map((r) => `${r.method} ${r.path}`).join(', ');
      throw new KitReactError(
        'action_unknown_route',
        `An action of ${file} called ${quoteInput(key)}, which is no API route of the app; give the method and the path as the route declares it (its routes: ${known}).`,
      );
    }
    return (await registry.invoke(route, input ?? {}, ctx)) as TOutput;
  };
}

/** The handler's promise, cut at `timeoutMs` (the signal it was given aborts then, and when the browser goes away). */
async function runHandler(
  definition: AnyActionDefinition,
  args: Omit<ActionArgs<unknown>, 'signal'>,
  timeoutMs: number,
  label: string,
): Promise<unknown> {
  const controller = new AbortController();
  const onAbandoned = () => controller.abort(args.request.signal.reason);
  args.request.signal.addEventListener('abort', onAbandoned, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new KitReactError(
        'action_timeout',
        `${label} did not finish within ${timeoutMs} ms and was aborted: make it faster, or raise timeoutMs.`,
      );
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const handler = definition.handler as (args: ActionArgs<unknown>) => unknown;
    return await Promise.race([Promise.resolve().then(() => handler({ ...args, signal: controller.signal })), timeout]);
  } finally {
    clearTimeout(timer);
    args.request.signal.removeEventListener('abort', onAbandoned);
  }
}

/**
 * Runs the action a form posted to a page: reads the form (form posts only), picks the action it names,
 * checks its fields against the action's schema and runs the handler under the page's timeout. Bad
 * fields, and a route the action called refusing its input, make an `invalid` result (400) that keeps the
 * values; a route held for approval makes a `held` one (202); any other error is the action's failure,
 * which the page shows with its error view.
 */
export async function runAction(input: ActionInput): Promise<ActionOutcome> {
  const { request, file } = input;
  const actions = input.module.actions;
  try {
    if (actions === undefined || Object.keys(actions).length === 0) {
      throw new KitError('method_not_allowed', `${file} has no actions, so it takes no posts; use GET, or export actions from it.`, {
        headers: { Allow: 'GET, HEAD' },
      });
    }
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!formTypes.includes(type)) {
      throw new KitError(
        'unsupported_media_type',
        `The actions of ${file} take HTML form posts (${formTypes.join(' or ')}), not ${type === '' ? 'a body without Content-Type' : quoteInput(type)}; post a form, or call the app's API route with JSON.`,
      );
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch (error) {
      throw new KitError('bad_request', `The form posted to ${file} could not be read (${(error as Error).message}); send it again.`);
    }
    const fields = formFields(form);
    const [name, definition] = chooseAction(actions, fields.action, file);
    const label = `The action "${name}" of ${file}`;
    let parsed: unknown = fields.input;
    if (definition.input !== undefined) {
      const checked = safeParseWithMessages(definition.input, fields.input);
      if (!checked.success) return { kind: 'result', result: invalidResult(name, fieldIssues(checked.error), fields.values), status: 400 };
      parsed = checked.data;
    }
    const revalidate = (path: string) => {
      if (typeof path !== 'string' || !path.startsWith('/')) {
        throw new TypeError(`revalidate() in ${label}: ${JSON.stringify(path)} is not a path of this app; give one such as "/pricing".`);
      }
      input.pageCache?.invalidate(path);
    };
    const args = {
      input: parsed,
      params: input.params,
      request,
      ctx: input.ctx,
      call: routeCaller(input.registry, input.ctx, file),
      revalidate,
    };
    try {
      const output = await runHandler(definition, args, input.timeoutMs, label);
      if (isActionRedirect(output)) return { kind: 'redirect', to: output.kitRedirect };
      return {
        kind: 'result',
        result: { action: name, status: 'done', data: toJsonData(output, label, 'action_data_not_json') },
        status: 200,
      };
    } catch (error) {
      if (error instanceof ApprovalRequiredError) {
        return {
          kind: 'result',
          result: { action: name, status: 'held', approval: error.pendingBody(), values: fields.values },
          status: 202,
        };
      }
      if (error instanceof KitError && error.code === 'invalid_input') {
        const issues = error.issues.length > 0 ? error.issues : [{ field: '', message: error.message }];
        return { kind: 'result', result: invalidResult(name, issues, fields.values), status: 400 };
      }
      throw error;
    }
  } catch (error) {
    return { kind: 'failed', error };
  }
}
