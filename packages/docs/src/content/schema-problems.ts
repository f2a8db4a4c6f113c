import type { z } from 'zod';
import type { ProblemList } from './problems.js';
import type { YamlBlock } from './yaml-block.js';

/**
 * Validates a YAML block against a zod schema and reports each issue at the line of the value it
 * concerns, as `field: message`: an error in strict mode, a warning otherwise (the caller then does
 * without the block).
 */
export function validateBlock<T>(schema: z.ZodType<T>, block: YamlBlock, file: string, problems: ProblemList, what: string): T | undefined {
  const result = schema.safeParse(block.value ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
    const field = path.length > 0 ? path.join('.') : what;
    problems.soft(file, block.lineOf(path), `${field}: ${issue.message}`);
  }
  return undefined;
}
