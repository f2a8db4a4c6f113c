import type { ErrorInfo } from '../state/state.js';

/** Shown outside dev for an error thrown while a component rendered. */
export const renderErrorMessage = 'Something went wrong while showing this page.';

/**
 * What an error view shows for an error thrown while rendering: its message in dev, a generic text
 * otherwise (a message from a component may hold anything). A thrown object with a numeric `status`
 * and a string `code` (a KitError) keeps them and its message.
 */
export function renderErrorInfo(error: unknown, dev: boolean): ErrorInfo {
  if (error instanceof Error && error.name === 'KitError') {
    const { status, code } = error as Error & { status?: unknown; code?: unknown };
    if (typeof status === 'number' && typeof code === 'string') return { status, code, message: error.message };
  }
  const message = dev && error instanceof Error ? error.message : renderErrorMessage;
  return { status: 500, code: 'internal', message };
}
