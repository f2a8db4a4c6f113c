/** Stable codes of the mistakes kit-react reports while rendering. */
export type KitReactErrorCode =
  | 'outlet_outside_layout'
  | 'loader_data_outside_level'
  | 'loader_data_unavailable'
  | 'loader_data_kept_on_server'
  | 'loader_data_not_json'
  | 'loader_timeout'
  | 'action_data_not_json'
  | 'action_timeout'
  | 'action_unknown_route'
  | 'router_outside_app'
  | 'search_params_read_only'
  | 'router_on_server'
  | 'invalid_render_options'
  | 'invalid_bootstrap_state';

/**
 * A misuse of kit-react found at run time (a hook or component used where it cannot work, a loader
 * result that is not JSON). `code` is stable; the message names the component, the file and the fix.
 *
 * @example
 * ```ts
 * import { KitReactError } from '@kit/kit-react';
 *
 * function describe(error: unknown): string {
 *   return error instanceof KitReactError ? `${error.code}: ${error.message}` : String(error);
 * }
 * ```
 */
export class KitReactError extends Error {
  readonly code: KitReactErrorCode;

  constructor(code: KitReactErrorCode, message: string) {
    super(message);
    this.name = 'KitReactError';
    this.code = code;
  }
}
