import { actionField, type ActionValues } from './action-result.js';

/** A form's fields as an action takes them: the action it names, its input and the text to keep. */
export interface FormFields {
  /** The value of the `kit-action` field, or null when the form names none. */
  readonly action: string | null;
  /** The fields as the action's schema sees them: empty ones left out, a name sent twice a list. */
  readonly input: Record<string, unknown>;
  /** The text fields as sent (files left out), for filling the form again. */
  readonly values: ActionValues;
}

function isEmpty(value: FormDataEntryValue): boolean {
  return typeof value === 'string' ? value === '' : value.size === 0 && value.name === '';
}

/**
 * Reads a posted form the way HTML sends it: every field is text (or a file), an empty field means the
 * person gave nothing (so an optional field is absent rather than `''`), and a name that comes several
 * times (checkboxes, a multiple select) becomes a list.
 */
export function formFields(form: FormData): FormFields {
  let action: string | null = null;
  const input: Record<string, unknown> = {};
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    if (name === actionField) {
      const named = all.find((value): value is string => typeof value === 'string' && value !== '');
      action = named ?? null;
      continue;
    }
    const texts = all.filter((value): value is string => typeof value === 'string');
    if (texts.length > 0) values[name] = texts.length === 1 ? texts[0]! : texts;
    const given = all.filter((value) => !isEmpty(value));
    if (given.length > 0) input[name] = given.length === 1 && all.length === 1 ? given[0] : given;
  }
  return { action, input, values };
}
