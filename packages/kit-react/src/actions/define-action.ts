import type { KitContext, RouteKey } from '@kit/kit-core';
import type { RouteParams } from '@kit/kit-router';
import type { z } from 'zod';

/**
 * What an action's handler receives: its input (the form's fields, checked against the action's schema),
 * the page's parameters, the request and the kit context of the caller (set by the app's middleware), a
 * signal that aborts when the action runs past the page's `timeoutMs` or the browser goes away, and `call`.
 *
 * @example
 * ```ts
 * import type { ActionArgs } from '@kit/kit-react';
 *
 * async function closeTicket({ params, call }: ActionArgs<{ resolution: string }>) {
 *   return call('POST /api/tickets/:id/close', { id: String(params.id) });
 * }
 * ```
 */
export interface ActionArgs<TInput> {
  readonly input: TInput;
  readonly params: RouteParams;
  readonly request: Request;
  readonly ctx: KitContext;
  readonly signal: AbortSignal;
  /**
   * Calls one of the app's API routes (`'POST /api/tickets'`, path parameters in `input`) as the person
   * who sent the form: its schema, its policy (an `approve` policy holds the call, and the page shows the
   * approval it waits for) and its handler, exactly as an HTTP or MCP call of the route would. A policy
   * is written once, on the route.
   */
  call<TOutput = unknown>(route: RouteKey, input?: unknown): Promise<TOutput>;
  /**
   * Lets go of the server's kept copies of a page (a path of this app, any query) that this action
   * changed: pages exported with `cache` or `prerender`. The next visitor gets it rendered afresh. It
   * acts on this process; other processes render theirs again once their `revalidate` has passed.
   */
  revalidate(path: string): void;
}

/** The answer of an action that sends the browser to another page (`303 See Other`). */
export interface ActionRedirect {
  readonly kitRedirect: string;
}

/**
 * A page's action, as `defineAction` makes it: the schema of the form's fields and the handler. What
 * the handler returns (plain JSON, or `redirect(to)`) is what the page's `useActionData()` reads.
 *
 * @example
 * ```ts
 * import type { ActionDefinition } from '@kit/kit-react';
 *
 * const ping: ActionDefinition<Record<string, never>, { pong: true }> = { handler: () => ({ pong: true }) };
 * ```
 */
export interface ActionDefinition<TInput = unknown, TOutput = unknown> {
  /**
   * The form's fields, as one object schema. Fields arrive as text: an empty field is absent, a name
   * sent several times (checkboxes, a multiple select) is a list; use `z.coerce.number()` for numbers.
   */
  readonly input?: z.ZodType<TInput>;
  readonly handler: (args: ActionArgs<TInput>) => TOutput | Promise<TOutput>;
}

/**
 * What a page or its components read of an action's answer: the handler's result, without `redirect`s
 * (which never reach the page).
 */
export type ActionOutput<A> = A extends { readonly handler: (args: never) => infer TOutput }
  ? Exclude<Awaited<TOutput>, ActionRedirect>
  : unknown;

/**
 * Any action, whatever its input and output: the type of a page's `actions` export.
 *
 * @example
 * ```ts
 * import { defineAction, type AnyActionDefinition } from '@kit/kit-react';
 *
 * export const actions: Readonly<Record<string, AnyActionDefinition>> = { archive: defineAction({ handler: () => ({ archived: true }) }) };
 * ```
 */
export interface AnyActionDefinition {
  readonly input?: z.ZodType<unknown>;
  readonly handler: (args: ActionArgs<never>) => unknown;
}

/**
 * Declares an action of a page: a mutation that a plain HTML form of the page posts to, with or without
 * JavaScript. A page route file exports its actions by name as `actions`; a form picks one with
 * `<Form action="name">` (one action needs no name). The action runs behind the app's middleware,
 * authentication, rate limits and cross-site checks, like an API route; its result re-renders the page,
 * every loader run afresh, with what it returned, or, from `redirect(to)`, sends the browser on. Bad
 * input gives the form each field's error and the values sent.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { defineAction, redirect } from '@kit/kit-react';
 *
 * export const actions = {
 *   create: defineAction({
 *     input: z.object({ title: z.string().min(3, 'Give the ticket a title of at least 3 characters.') }),
 *     handler: async ({ input, call }) => {
 *       const ticket = await call<{ id: string }>('POST /api/tickets', input);
 *       return redirect(`/tickets/${ticket.id}`);
 *     },
 *   }),
 * };
 * ```
 */
export function defineAction<TInput = Record<string, never>, TOutput = unknown>(
  definition: ActionDefinition<TInput, TOutput>,
): ActionDefinition<TInput, TOutput> {
  if (typeof definition !== 'object' || definition === null || typeof definition.handler !== 'function') {
    throw new TypeError(
      'defineAction(): give it { input?, handler }, where handler is a function of { input, params, request, ctx, call }.',
    );
  }
  return definition;
}

/**
 * The answer an action returns to send the browser to `to` (a path of this app) once it is done: a
 * `303 See Other` for a form posted without JavaScript, a client navigation with it. Returning a
 * redirect after creating something keeps a reload from sending the form again.
 *
 * @example
 * ```ts
 * import { defineAction, redirect } from '@kit/kit-react';
 *
 * export const actions = { signOut: defineAction({ handler: () => redirect('/login') }) };
 * ```
 */
export function redirect(to: string): ActionRedirect {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//')) {
    throw new TypeError(
      `redirect(): ${JSON.stringify(to)} is not a path of this app; give one that starts with a single "/", such as "/tickets".`,
    );
  }
  return { kitRedirect: to };
}

/** Whether an action's result is a `redirect(...)`. */
export function isActionRedirect(value: unknown): value is ActionRedirect {
  return typeof value === 'object' && value !== null && typeof (value as { kitRedirect?: unknown }).kitRedirect === 'string';
}
