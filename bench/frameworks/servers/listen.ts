/**
 * Shared by the four servers of the comparison: the route they all serve and how each reports that it
 * is up (its port on standard output, read by `startProcess`).
 */
import { z } from 'zod';

/** `GET /api/hello?name=Ada`: the name, 1 to 60 characters, and nothing else in the query. */
export const helloQuery = z.strictObject({ name: z.string().min(1).max(60) });

/** The answer of the route, the same bytes from every server. */
export function greeting(name: string): { message: string } {
  return { message: `Hello, ${name}` };
}

/** Tells the benchmark the port, once the server listens. */
export function announce(port: number): void {
  process.stdout.write(`${port}\n`);
}
