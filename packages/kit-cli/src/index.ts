/**
 * @kit/kit-cli: the `kit` command-line program of the kit framework, and `runCli` to run it from code.
 * Every command is a `CommandSpec` of the table `kitCommands`; exit codes are `exitCodes`.
 */
export { runCli } from './cli/run-cli.js';
export { kitCommands } from './commands/table.js';
export { exitCodes, type ExitCode } from './cli/exit-codes.js';
export type { CliIo, CliOutput } from './cli/io.js';
export type { CommandContext, CommandSpec, OptionSpec, PositionalSpec } from './cli/command.js';
export type { Style } from './cli/style.js';
