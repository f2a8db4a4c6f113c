import { useContext } from 'react';
import type { ActionResult } from '../actions/action-result.js';
import type { ActionOutput } from '../actions/define-action.js';
import { KitReactError } from '../errors/kit-react-error.js';
import { RouterContext, type RouterHandle } from '../router/router.js';

function routerHandle(hook: string): RouterHandle {
  const handle = useContext(RouterContext);
  if (handle === null) {
    throw new KitReactError(
      'router_outside_app',
      `${hook}() was called outside a kit app: call it in a component rendered by a page or a layout.`,
    );
  }
  return handle;
}

/**
 * The answer of the last action posted from this page, or null: before any post, after the next
 * navigation, and (with `name`) when the last post went to another action of the page. On the server
 * it is the answer of the post being rendered, so it works without JavaScript. Type it with the
 * action: `useActionData<typeof actions.create>('create')`. See `ActionResult` for its shapes.
 *
 * @throws KitReactError `router_outside_app` outside a tree rendered by kit.
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { useActionData } from '@kit/kit-react';
 *
 * export function TitleError() {
 *   const result = useActionData('create');
 *   return result?.status === 'invalid' && result.fieldErrors.title ? createElement('p', { role: 'alert' }, result.fieldErrors.title) : null;
 * }
 * ```
 */
export function useActionData<A = unknown>(name?: string): ActionResult<ActionOutput<A>> | null {
  const result = routerHandle('useActionData').action;
  if (result === null || (name !== undefined && result.action !== name)) return null;
  return result as ActionResult<ActionOutput<A>>;
}

/**
 * Whether a `Form` of this page is being sent (with `name`: to that action), for disabling its button
 * or showing progress. Always false on the server and without JavaScript.
 *
 * @throws KitReactError `router_outside_app` outside a tree rendered by kit.
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { useActionPending } from '@kit/kit-react';
 *
 * export function SaveButton() {
 *   const saving = useActionPending('save');
 *   return createElement('button', { type: 'submit', disabled: saving }, saving ? 'Saving…' : 'Save');
 * }
 * ```
 */
export function useActionPending(name?: string): boolean {
  const pending = routerHandle('useActionPending').pendingAction;
  return pending !== null && (name === undefined || pending === name);
}
