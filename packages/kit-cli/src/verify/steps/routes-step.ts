import { join } from 'node:path';
import { scanRoutes } from '@kit/kit-router';
import { count } from '../../cli/table.js';
import type { VerifyStep } from '../verify-app.js';
import { error, outcome, warning } from '../verify-types.js';

/** Step 2: the router's scan of app/routes: every diagnostic is a problem, errors fail. */
export const routesStep: VerifyStep = {
  name: 'routes',
  title: 'Route files',
  async run(app) {
    const manifest = await scanRoutes(join(app.root, 'app', 'routes'));
    const problems = manifest.diagnostics.map((diagnostic) =>
      (diagnostic.severity === 'error' ? error : warning)(`${diagnostic.code}: ${diagnostic.message}`, diagnostic.fix, {
        file: `app/routes/${diagnostic.files[0] ?? ''}`,
      }),
    );
    const apis = manifest.routes.filter((route) => route.kind === 'api').length;
    const summary = `${count(apis, 'API route file')}, ${count(manifest.routes.length - apis, 'page')}, ${count(manifest.diagnostics.length, 'diagnostic')}`;
    return outcome(summary, problems);
  },
};
