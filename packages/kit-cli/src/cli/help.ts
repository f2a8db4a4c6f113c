import type { CommandSpec, OptionSpec } from './command.js';
import { globalOptions } from './global-options.js';
import type { Style } from './style.js';

const groups: readonly CommandSpec['group'][] = ['Develop', 'Check', 'Database', 'Scaffold and deploy', 'Operations'];

/** The exit codes, as every help text states them. */
export const exitCodeHelp =
  'Exit codes: 0 success, 1 the command ran and found failures, 2 usage error, 3 environment problem (no app, database or store).';

function optionLabel(option: OptionSpec): string {
  const long = `--${option.name}${option.type === 'string' ? ` ${option.value ?? '<value>'}` : ''}`;
  return option.short ? `-${option.short}, ${long}` : long;
}

function columns(rows: readonly (readonly [string, string])[], style: Style, minWidth = 0): string[] {
  const width = Math.max(minWidth, ...rows.map(([left]) => left.length + 2));
  return rows.map(([left, right]) => `  ${style.bold(left.padEnd(width))}${right}`);
}

/** The commands by group, aligned in one column. */
export function commandList(commands: readonly CommandSpec[], style: Style): string[] {
  const width = Math.max(...commands.map((command) => command.name.length)) + 2;
  const lines: string[] = [];
  for (const group of groups) {
    const inGroup = commands.filter((command) => command.group === group);
    if (inGroup.length === 0) continue;
    lines.push(
      `${group}:`,
      ...columns(
        inGroup.map((command) => [command.name, command.summary]),
        style,
        width,
      ),
      '',
    );
  }
  return lines;
}

/** `kit --help`: every command by group, the global options and the exit codes. */
export function mainHelp(commands: readonly CommandSpec[], version: string, style: Style): string {
  const lines = [
    `kit ${version}: the command-line program of the kit framework`,
    '',
    `Usage: kit <command> [options]`,
    '',
    ...commandList(commands, style),
  ];
  const options: [string, string][] = [
    ...globalOptions.map((option): [string, string] => [optionLabel(option), option.description]),
    ['-v, --version', 'print the version of kit'],
  ];
  lines.push('Options:', ...columns(options, style), '');
  lines.push(exitCodeHelp, 'Run kit <command> --help for the options of a command.');
  return lines.join('\n');
}

/** `kit <command> --help`: usage, description, arguments, options and examples. */
export function commandHelp(command: CommandSpec, style: Style): string {
  const lines = [`Usage: kit ${command.usage}`, '', command.description.trim(), ''];
  if (command.positionals.length > 0) {
    lines.push(
      'Arguments:',
      ...columns(
        command.positionals.map((positional) => [`<${positional.name}>`, positional.description]),
        style,
      ),
      '',
    );
  }
  const options = [...command.options, ...globalOptions];
  lines.push(
    'Options:',
    ...columns(
      options.map((option) => [optionLabel(option), option.description]),
      style,
    ),
    '',
  );
  if (command.examples.length > 0) lines.push('Examples:', ...command.examples.map((example) => `  ${example}`), '');
  lines.push(exitCodeHelp);
  return lines.join('\n');
}
