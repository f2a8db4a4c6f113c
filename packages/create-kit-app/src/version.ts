import { readFileSync } from 'node:fs';

/** The version of create-kit-app, which is also the kit version its apps depend on. */
export function scaffolderVersion(): string {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
