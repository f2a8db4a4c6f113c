import type { ActionResult } from '@kit/kit-react';

/** What went wrong with a form's last post, in words for the person; null when nothing did. */
function problemOf(result: ActionResult | null, labels: Readonly<Record<string, string>>): string | null {
  if (result === null) return null;
  if (result.status === 'refused') return result.message;
  if (result.status === 'held') return `This waits for an admin's approval (${result.approval.approvalId}); it runs once approved.`;
  if (result.status !== 'invalid') return null;
  // Field messages are worded to follow the field's name: "Title must be at least 3 characters".
  const fields = Object.entries(result.fieldErrors).map(([field, message]) => `${labels[field] ?? field} ${message}`);
  return [result.formError, ...fields].filter((text) => text !== null).join(' ') || null;
}

/**
 * The alert of a form whose post was refused (bad fields, too many requests, the server unreachable) or
 * held for approval. The same on the server (a form posted without JavaScript) and in the browser.
 */
export function ActionProblem({ result, labels = {} }: { readonly result: ActionResult | null; readonly labels?: Readonly<Record<string, string>> }) {
  const problem = problemOf(result, labels);
  return problem ? <p role="alert" className="alert">{problem}</p> : null;
}

/** What a field held when its form was refused, to show it again; undefined otherwise. */
export function keptValue(result: ActionResult | null, field: string): string | undefined {
  const value = result?.status === 'invalid' || result?.status === 'held' ? result.values[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}
