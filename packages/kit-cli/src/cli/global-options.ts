import type { OptionSpec } from './command.js';

/** Options every command takes. */
export const globalOptions: readonly OptionSpec[] = [
  { name: 'root', type: 'string', value: '<dir>', description: "the app's folder (default: the current folder)" },
  { name: 'no-color', type: 'boolean', description: 'no colours, even on a terminal (NO_COLOR and FORCE_COLOR are honoured too)' },
  { name: 'help', type: 'boolean', short: 'h', description: 'show this help' },
];
