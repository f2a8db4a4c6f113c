import { count } from '../../cli/table.js';
import type { VerifyStep } from '../verify-app.js';
import { error, outcome, skip, type VerifyProblem } from '../verify-types.js';

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** The file a registered route comes from: its route file, or kit.config.ts. */
function fileOf(method: string, path: string, routes: readonly { kind: string; pattern: string; file: string }[]): string {
  const route = routes.find((candidate) => candidate.kind === 'api' && candidate.pattern === path);
  return route ? `app/routes/${route.file}` : `kit.config.ts (${method} ${path})`;
}

/**
 * Step 7: the contract the app publishes. The app assembles and serves (`startApp` of kit-dev on the
 * build of step 4, on 127.0.0.1 and a free port), `/openapi.json` answers 200 with a valid OpenAPI
 * document, and every API route has a description, an input schema and an output schema, which agents
 * and clients rely on.
 */
export const contractStep: VerifyStep = {
  name: 'contract',
  title: 'Contract',
  async run(app) {
    if (!app.loaded) return skip('needs the app loaded by step 4');
    const { startApp } = await import('@kit/kit-dev');
    try {
      app.server = await startApp({ root: app.root, outDir: app.buildDir, port: 0, host: '127.0.0.1', log: false });
    } catch (cause) {
      return outcome('the app does not start', [error(message(cause), 'fix what the message names; kit start would fail the same way')]);
    }
    const problems: VerifyProblem[] = [];
    const response = await app.server.fetch(new Request(`${app.server.url}/openapi.json`));
    let document: unknown = null;
    if (response.status !== 200)
      problems.push(
        error(
          `GET /openapi.json answered ${response.status}, so clients, agents and health probes cannot read the contract`,
          'let /openapi.json through your middleware',
        ),
      );
    else document = await response.json();
    if (document !== null) {
      const { Validator } = await import('@seriousme/openapi-schema-validator');
      const result = await new Validator().validate(document as Record<string, unknown>);
      if (!result.valid) {
        const details =
          typeof result.errors === 'string'
            ? [result.errors]
            : (result.errors ?? []).map((issue) => `${issue.instancePath} ${issue.message ?? issue.keyword}`.trim());
        for (const detail of details.slice(0, 10)) {
          problems.push(
            error(
              `/openapi.json is not a valid OpenAPI document: ${detail}`,
              'fix the route schemas it comes from (each schema must convert to JSON Schema)',
            ),
          );
        }
      }
    }
    const routes = app.server.app.registry.routes;
    for (const route of routes) {
      const file = fileOf(route.method, route.path, app.loaded.manifest.routes.routes);
      const where = { file };
      const name = `${route.method} ${route.path}`;
      const { definition } = route;
      if (typeof definition.description !== 'string' || definition.description.trim() === '') {
        problems.push(error(`${name} has no description`, "add description: '...' to its defineAPI: agents choose tools by it", where));
      }
      if (definition.input === undefined)
        problems.push(
          error(`${name} has no input schema`, 'add input: z.strictObject({ ... }) (z.strictObject({}) when it takes nothing)', where),
        );
      if (definition.output === undefined)
        problems.push(error(`${name} has no output schema`, 'add output: z.strictObject({ ... }) describing what it returns', where));
    }
    return outcome(`${count(routes.length, 'API route')} in a valid OpenAPI document`, problems);
  },
};
