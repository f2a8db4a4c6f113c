import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isFile, isFolder } from '../../app/app-folder.js';
import type { VerifyStep } from '../verify-app.js';
import { error, outcome, warning, type VerifyProblem } from '../verify-types.js';

function packageProblems(root: string): VerifyProblem[] {
  const file = join(root, 'package.json');
  if (!isFile(file))
    return [
      error(
        'there is no package.json, so this is not an app folder',
        "run kit verify in the app's folder or pass --root <dir> (npx create-kit-app makes one)",
        { file: 'package.json' },
      ),
    ];
  let manifest: { type?: unknown };
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown };
  } catch (cause) {
    return [
      error(
        `package.json is not valid JSON (${cause instanceof Error ? cause.message : String(cause)})`,
        'fix the syntax of package.json',
        { file: 'package.json' },
      ),
    ];
  }
  if (manifest.type !== 'module') {
    return [
      error(
        'package.json does not declare "type": "module"; kit apps are ES modules (import/export, top-level await)',
        'add "type": "module" to package.json',
        { file: 'package.json' },
      ),
    ];
  }
  return [];
}

function installed(root: string): boolean {
  try {
    createRequire(join(root, 'package.json')).resolve('@kit/kit-core');
    return true;
  } catch {
    return false;
  }
}

/** Step 1: the files every kit app has, and its dependencies installed. */
export const structureStep: VerifyStep = {
  name: 'structure',
  title: 'Project structure',
  async run(app) {
    const problems = packageProblems(app.root);
    if (!isFile(join(app.root, 'tsconfig.json'))) {
      problems.push(
        error(
          'there is no tsconfig.json, so the app cannot be type-checked',
          'add a tsconfig.json with "module": "NodeNext", "strict": true and "jsx": "react-jsx" (create-kit-app writes one)',
          { file: 'tsconfig.json' },
        ),
      );
    }
    if (!isFolder(join(app.root, 'app', 'routes'))) {
      problems.push(
        error(
          'there is no app/routes/ folder, where the routes and pages live',
          'create app/routes/ with a first route: kit add api hello or kit add page index',
          { file: 'app/routes' },
        ),
      );
    }
    if (problems.length === 0 && !installed(app.root)) {
      problems.push(
        error('the dependencies are not installed (@kit/kit-core does not resolve from the app)', 'run npm install', {
          file: 'package.json',
        }),
      );
    }
    if (isFolder(join(app.root, 'app', 'models')) && !isFolder(join(app.root, 'migrations'))) {
      problems.push(
        warning('the app has app/models/ but no migrations/ folder yet', 'run kit db:migrate to write the first migration', {
          file: 'app/models',
        }),
      );
    }
    const found = ['package.json', 'tsconfig.json', 'app/routes/'].filter((path) =>
      path.endsWith('/') ? isFolder(join(app.root, path)) : isFile(join(app.root, path)),
    );
    return outcome(
      problems.some((problem) => problem.severity === 'error')
        ? 'the app is missing files it needs'
        : `${found.join(', ')} in place; dependencies installed`,
      problems,
    );
  },
};
