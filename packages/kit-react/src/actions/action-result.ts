import type { JsonValue } from '../state/json.js';

/**
 * The form field that names the action a form posts to, when its page has several. `<Form action="x">`
 * writes it as a hidden input; a submit button may carry it too (`name="kit-action" value="revoke"`).
 *
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { actionField, Form } from '@kit/kit-react';
 *
 * // One form, two actions: the button pressed names the one that runs.
 * export function KeyButtons({ id }: { id: string }) {
 *   return createElement(
 *     Form,
 *     null,
 *     createElement('input', { type: 'hidden', name: 'id', value: id }),
 *     createElement('button', { type: 'submit', name: actionField, value: 'rotate' }, 'Rotate'),
 *     createElement('button', { type: 'submit', name: actionField, value: 'revoke' }, 'Revoke'),
 *   );
 * }
 * ```
 */
export const actionField = 'kit-action';

/** The fields of a form as its action received them: text, or a list for a name sent several times. */
export type ActionValues = Readonly<Record<string, string | readonly string[]>>;

/** The approval an action waits for: what an `approve` policy of a route the action called answered. */
export interface ActionApproval {
  readonly approvalId: string;
  readonly statusUrl: string;
  readonly policy?: string;
  readonly reason?: string;
  readonly expiresAt: string;
}

/**
 * How the last action posted from the page ended, as `useActionData()` returns it:
 * - `done`: the handler returned `data`;
 * - `invalid`: the fields did not pass the schema (or a route the action called refused its input):
 *   `fieldErrors` has one message per field path (`title`, `items.0.name`), `formError` one for the
 *   form as a whole, `values` what was sent, to fill the form again;
 * - `held`: a route the action called waits for a person's approval (`approval`);
 * - `refused`: the request did not reach the action (too many requests, a body too large, the server
 *   unreachable): `message` says why, for the person. Only forms sent with JavaScript see it; without,
 *   the browser shows the server's answer.
 */
export type ActionResult<T = unknown> =
  | { readonly action: string; readonly status: 'done'; readonly data: T }
  | {
      readonly action: string;
      readonly status: 'invalid';
      readonly fieldErrors: Readonly<Record<string, string>>;
      readonly formError: string | null;
      readonly values: ActionValues;
    }
  | { readonly action: string; readonly status: 'held'; readonly approval: ActionApproval; readonly values: ActionValues }
  | { readonly action: string; readonly status: 'refused'; readonly httpStatus: number; readonly message: string };

/** The result as it travels in the page's state (JSON). */
export type ActionResultState = ActionResult<JsonValue>;
