import { describe, expect, it } from 'vitest';
import { formFields } from './form-values.js';

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('formFields', () => {
  it('takes text fields as they are and leaves empty ones out of the input', () => {
    const fields = formFields(
      form([
        ['title', 'Printer on fire'],
        ['description', ''],
      ]),
    );
    expect(fields.input).toEqual({ title: 'Printer on fire' });
    expect(fields.values).toEqual({ title: 'Printer on fire', description: '' });
    expect(fields.action).toBeNull();
  });

  it('makes a name sent several times a list, and reads the action it names', () => {
    const fields = formFields(
      form([
        ['tags', 'a'],
        ['tags', 'b'],
        ['kit-action', 'create'],
      ]),
    );
    expect(fields.input).toEqual({ tags: ['a', 'b'] });
    expect(fields.values).toEqual({ tags: ['a', 'b'] });
    expect(fields.action).toBe('create');
  });

  it('keeps files in the input but not in the values, and drops a file input left empty', () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const fields = formFields(
      form([
        ['attachment', file],
        ['other', new File([], '')],
      ]),
    );
    expect(fields.input.attachment).toBeInstanceOf(File);
    expect(fields.input).not.toHaveProperty('other');
    expect(fields.values).toEqual({});
  });

  it('keeps a list when only some of its entries are empty', () => {
    const fields = formFields(
      form([
        ['tags', ''],
        ['tags', 'b'],
      ]),
    );
    expect(fields.input).toEqual({ tags: ['b'] });
  });
});
