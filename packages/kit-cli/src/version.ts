import { readFileSync } from 'node:fs';

/** The version of @kit/kit-cli, read from its package.json (one folder above both src/ and dist/). */
export function cliVersion(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
