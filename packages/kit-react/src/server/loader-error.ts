import { KitError } from '@kit/kit-core';
import { KitReactError } from '../errors/kit-react-error.js';
import type { ErrorInfo } from '../state/state.js';

/** Shown outside dev in place of the message of an error that is not a KitError. */
export const loaderErrorMessage = 'Something went wrong while loading this page.';
/** Shown outside dev for a loader cut by the timeout. */
export const loaderTimeoutMessage = 'The page took too long to load.';

export function isKitError(error: unknown): error is KitError {
  return error instanceof KitError;
}

/** Whether a loader error means "show the not-found view". */
export function isNotFound(error: unknown): boolean {
  return isKitError(error) && error.code === 'not_found';
}

/**
 * The error view's `{ status, code, message }` for a loader's or an action's failure: a KitError as it
 * is, a timeout as 504 (`loader_timeout`, `action_timeout`), data that is not JSON as 500 with its code, anything else as 500
 * `internal`; outside dev the message of all but KitErrors is a generic text.
 */
export function loaderErrorInfo(error: unknown, dev: boolean): ErrorInfo {
  if (isKitError(error)) return { status: error.status, code: error.code, message: error.message };
  if (error instanceof KitReactError && (error.code === 'loader_timeout' || error.code === 'action_timeout'))
    return { status: 504, code: error.code, message: dev ? error.message : loaderTimeoutMessage };
  if (error instanceof KitReactError && (error.code === 'loader_data_not_json' || error.code === 'action_data_not_json'))
    return { status: 500, code: error.code, message: dev ? error.message : loaderErrorMessage };
  return { status: 500, code: 'internal', message: dev && error instanceof Error ? error.message : loaderErrorMessage };
}

/** Whether a loader failure is worth telling `onError` (not the control flow of not_found, 401, 403...). */
export function isReportable(error: unknown): boolean {
  return !isKitError(error) || error.status >= 500;
}
