import { useContext, useState, type ComponentPropsWithRef, type SubmitEvent } from 'react';
import { actionField } from '../actions/action-result.js';
import { RouterContext } from '../router/router.js';

/** Props of `Form`: those of `<form>` but `method` and `action`, plus the action to post to. */
export interface FormProps extends Omit<ComponentPropsWithRef<'form'>, 'method' | 'action' | 'encType'> {
  /** The name of the page's action (a key of its `actions` export); leave it out when the page has one. */
  readonly action?: string;
  /** Send files (`multipart/form-data`); by default the form is sent URL-encoded. */
  readonly files?: boolean;
  /** Empty the form once its action is done (the values stay after bad input). Default true. */
  readonly resetOnDone?: boolean;
}

/**
 * A form that posts to an action of the page it is on. It is a real `<form method="post">`: without
 * JavaScript (a page with `hydrate = 'none'`, or before the script loads) the browser posts it and
 * shows the page the action answers with. With JavaScript, it is sent without reloading the page: while
 * it is on its way, `aria-busy` is set and `useActionPending()` is true, then the page's loaders run
 * again and `useActionData()` gives the action's answer. The submit button that sent it counts
 * (its `name` and `value` are posted), as for any form.
 *
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { Form, useActionData, useActionPending } from '@kit/kit-react';
 *
 * export function RevokeKey({ id }: { id: string }) {
 *   const pending = useActionPending('revoke');
 *   const result = useActionData('revoke');
 *   return createElement(
 *     Form,
 *     { action: 'revoke' },
 *     createElement('input', { type: 'hidden', name: 'id', value: id }),
 *     result?.status === 'invalid' ? createElement('p', { role: 'alert' }, result.formError) : null,
 *     createElement('button', { type: 'submit', disabled: pending }, 'Revoke'),
 *   );
 * }
 * ```
 */
export function Form({ action, files = false, resetOnDone = true, onSubmit, children, ...props }: FormProps) {
  const handle = useContext(RouterContext);
  // Set while this form's own submission is on its way (another form of the page may send meanwhile).
  const [sending, setSending] = useState(false);
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    onSubmit?.(event);
    const send = handle?.submit;
    if (event.defaultPrevented || !send) return;
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = event.submitter ?? null;
    setSending(true);
    try {
      const result = await send(form, submitter, action ?? null);
      if (resetOnDone && result?.status === 'done' && result.action === (action ?? result.action) && form.isConnected) form.reset();
    } finally {
      setSending(false);
    }
  };
  return (
    <form {...props} method="post" encType={files ? 'multipart/form-data' : undefined} aria-busy={sending || undefined} onSubmit={submit}>
      {action === undefined ? null : <input type="hidden" name={actionField} value={action} />}
      {children}
    </form>
  );
}
