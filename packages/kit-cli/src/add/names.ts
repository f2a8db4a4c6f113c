import { usageError } from '../cli/cli-error.js';

/** What `kit add` creates. */
export type AddKind = 'api' | 'page' | 'model' | 'policy';

/** The kinds, in the order help lists them. */
export const addKinds: readonly AddKind[] = ['api', 'page', 'model', 'policy'];

/** One segment of a checked name: a word (`owner-only`, `ownerOnly`), a parameter (`[id]`) or a group (`(admin)`). */
export interface NameSegment {
  readonly kind: 'word' | 'param' | 'group';
  /** The word, or the parameter or group name without brackets. */
  readonly text: string;
}

const kebab = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const camel = /^[a-z][a-zA-Z0-9]*$/;
const param = /^\[([a-z][a-zA-Z0-9]*)\]$/;
const group = /^\(([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\)$/;

/** A name in kebab case (`Owner_Only` → `owner-only`), or '' when it holds no letter. */
export function kebabOf(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .replace(/^[0-9-]+/, '');
}

function fixFor(name: string): string {
  const fixed = name.split('/').map(kebabOf).filter(Boolean).join('/');
  return fixed === '' ? 'use letters, digits and dashes, starting with a letter (e.g. owner-only)' : `try ${fixed}`;
}

/**
 * Checks a `kit add` name: kebab case (`owner-only`) or camel case (`ownerOnly`); for api and page,
 * nested with `/` (`admin/users`), with `[param]` segments and `(group)` folders; a leading `api/` of
 * an api is implied and dropped. A bad name is a usage error with the corrected name.
 */
export function parseName(kind: AddKind, raw: string): NameSegment[] {
  const nested = kind === 'api' || kind === 'page';
  let name = raw.trim().replace(/^\/+|\/+$/g, '');
  if (kind === 'api' && name.startsWith('api/')) name = name.slice(4);
  if (name === '')
    throw usageError(
      `the ${kind} needs a name, such as kit add ${kind} ${kind === 'policy' ? 'owner-only' : kind === 'model' ? 'ticket' : 'hello'}`,
    );
  if (!nested && name.includes('/')) {
    const folder = kind === 'model' ? 'models' : 'policies';
    throw usageError(
      `a ${kind} name is one word, not a path: "${raw}"; every ${kind} lives in app/${folder}/ (try ${kebabOf(name.split('/').at(-1) ?? '') || 'a plain name'})`,
    );
  }
  const parts = name.split('/');
  return parts.map((part, index): NameSegment => {
    const last = index === parts.length - 1;
    if (kebab.test(part) || camel.test(part)) return { kind: 'word', text: part };
    const paramMatch = nested ? param.exec(part) : null;
    if (paramMatch) return { kind: 'param', text: paramMatch[1] as string };
    const groupMatch = nested && !last ? group.exec(part) : null;
    if (groupMatch) return { kind: 'group', text: groupMatch[1] as string };
    if (part.startsWith('[...'))
      throw usageError(`"${raw}": catch-all segments ([...${part.slice(4, -1)}]) are not scaffolded; create the file by hand (pages only)`);
    throw usageError(
      `"${raw}" is not a valid ${kind} name: "${part}" must be kebab case (owner-only) or camel case (ownerOnly)${nested ? ', or a [param]' : ''}; ${fixFor(name)}`,
    );
  });
}

/** `owner-only` and `ownerOnly` → `['owner', 'only']`. */
function words(text: string): string[] {
  return kebabOf(text).split('-').filter(Boolean);
}

/** `owner-only` → `ownerOnly`. */
export function camelOf(text: string): string {
  return words(text)
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

/** `owner-only` → `OwnerOnly`. */
export function pascalOf(text: string): string {
  return words(text)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/** `user-settings` → `User settings`. */
export function titleOf(text: string): string {
  const sentence = words(text).join(' ');
  return sentence === '' ? sentence : sentence[0]!.toUpperCase() + sentence.slice(1);
}

const reserved = new Set(
  'arguments await break case catch class const continue debugger default delete do else enum eval export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield'.split(
    ' ',
  ),
);

/** A variable name for the item: its camel-case name, or with the kind appended when that is a reserved word. */
export function variableOf(text: string, kind: AddKind): string {
  const name = camelOf(text);
  return reserved.has(name) ? `${name}${pascalOf(kind)}` : name;
}
