import { parseArgs } from 'node:util';
import { usageError } from './cli-error.js';
import type { OptionSpec, PositionalSpec } from './command.js';
import { orList, suggestions } from './suggest.js';

/** A parsed command line: option values by name and the positional arguments. */
export interface ParsedArgs {
  readonly values: ReadonlyMap<string, string | boolean | readonly string[]>;
  readonly positionals: readonly string[];
}

/**
 * Parses the arguments after the command name against its options and positionals. Node's parser
 * splits the tokens (`--a=b`, `-h`, `--`); the checks are ours, so that every mistake names the
 * option, the fix and the command's help.
 */
export function parseCommandArgs(
  command: string,
  args: readonly string[],
  options: readonly OptionSpec[],
  positionals: readonly PositionalSpec[],
): ParsedArgs {
  const byName = new Map(options.map((option) => [option.name, option]));
  const config = Object.fromEntries(
    options.map((option) => [option.name, { type: option.type, ...(option.short ? { short: option.short } : {}) }]),
  );
  const { tokens } = parseArgs({ args: [...args], options: config, strict: false, allowPositionals: true, tokens: true });
  const values = new Map<string, string | boolean | string[]>();
  const found: string[] = [];
  const helpHint = `run kit ${command} --help for its options`;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      found.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const spec = byName.get(token.name);
    if (spec === undefined) {
      const close = suggestions(
        token.name,
        options.map((option) => option.name),
      ).slice(0, 3);
      const hint = close.length > 0 ? `; did you mean ${orList(close.map((name) => `--${name}`))}?` : '';
      throw usageError(`unknown option ${token.rawName}${hint} (${helpHint})`);
    }
    if (spec.type === 'boolean') {
      if (token.value !== undefined)
        throw usageError(`--${spec.name} takes no value, got --${spec.name}=${token.value}; write --${spec.name} alone`);
      values.set(spec.name, true);
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('-') && value.length > 1)) {
      throw usageError(`--${spec.name} needs a value: --${spec.name} ${spec.value ?? '<value>'} (${helpHint})`);
    }
    if (spec.multiple) {
      const list = values.get(spec.name);
      values.set(spec.name, [...(Array.isArray(list) ? list : []), value]);
    } else values.set(spec.name, value);
  }
  // Asking for help is never a usage error, whatever else the line holds.
  if (values.get('help') === true) return { values, positionals: found };
  const required = positionals.filter((positional) => positional.required);
  if (found.length < required.length) {
    const missing = required.slice(found.length).map((positional) => `<${positional.name}>`);
    throw usageError(`missing ${missing.join(' ')} (${helpHint})`);
  }
  if (found.length > positionals.length) {
    const extra = found.slice(positionals.length).map((value) => JSON.stringify(value));
    const expected =
      positionals.length === 0 ? 'takes no arguments' : `takes ${positionals.map((positional) => `<${positional.name}>`).join(' ')}`;
    throw usageError(`unexpected argument ${extra.join(' ')}; it ${expected} (${helpHint})`);
  }
  return { values, positionals: found };
}
