import { KitReactError } from '../errors/kit-react-error.js';
import { pageHydrations, type PageHydration } from '../modules/types.js';
import type { RenderPageOptions } from './options.js';

/** Refs found sound before: kit-dev passes the same ref objects for every request to a route. */
const soundRefs = new WeakSet<object>();

function refProblem(name: string, ref: unknown, nullable: boolean): string | null {
  if (ref === null && nullable) return null;
  if (typeof ref === 'object' && ref !== null && soundRefs.has(ref)) return null;
  const problem = checkRef(name, ref, nullable);
  if (problem === null) soundRefs.add(ref as object);
  return problem;
}

function checkRef(name: string, ref: unknown, nullable: boolean): string | null {
  if (typeof ref !== 'object' || ref === null)
    return `${name} is ${ref === null ? 'null' : typeof ref}; pass { file, module, url }${nullable ? ' or null' : ''}`;
  const { file, module, url } = ref as { file?: unknown; module?: unknown; url?: unknown };
  if (typeof file !== 'string' || file === '') return `${name}.file is not a file path`;
  if (typeof url !== 'string') return `${name}.url (the client chunk of ${file}) is not a string`;
  const component = (module as { default?: unknown } | null | undefined)?.default;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null))
    return `${file} has no default export component; export default function ...`;
  const keep = (module as { keepDataOnServer?: unknown }).keepDataOnServer;
  if (keep !== undefined && typeof keep !== 'boolean')
    return `the keepDataOnServer export of ${file} is ${typeof keep}; export true or false`;
  const loader = (module as { loader?: unknown }).loader;
  if (loader !== undefined && typeof loader !== 'function') return `the loader export of ${file} is ${typeof loader}, not a function`;
  return actionsProblem(file, (module as { actions?: unknown }).actions);
}

/** The `actions` export must map names to `defineAction(...)` results: checked once, with the module. */
function actionsProblem(file: string, actions: unknown): string | null {
  if (actions === undefined) return null;
  if (typeof actions !== 'object' || actions === null || Array.isArray(actions))
    return `the actions export of ${file} is ${Array.isArray(actions) ? 'an array' : typeof actions}; export an object of named actions, such as { create: defineAction({ handler }) }`;
  for (const [name, action] of Object.entries(actions)) {
    if (typeof (action as { handler?: unknown } | null)?.handler !== 'function')
      return `actions.${name} of ${file} is not an action; make it with defineAction({ input, handler })`;
  }
  return null;
}

/** Rejects options kit-dev (or a custom server) got wrong, naming the field, before anything runs. */
export function validateOptions(options: RenderPageOptions): void {
  const problems: string[] = [];
  if (!(options.request instanceof Request)) problems.push('request is not a Request');
  if (typeof options.assets?.clientEntry !== 'string' || !Array.isArray(options.assets.styles))
    problems.push('assets must be { clientEntry: string, styles: string[] }');
  if (!Array.isArray(options.layouts)) problems.push('layouts is not an array');
  else options.layouts.forEach((layout, index) => problems.push(refProblem(`layouts[${index}]`, layout, false) ?? ''));
  problems.push(
    refProblem('page', options.page, true) ?? '',
    refProblem('notFound', options.notFound, true) ?? '',
    refProblem('loading', options.loading, true) ?? '',
    refProblem('error', options.error, true) ?? '',
  );
  const hydration: unknown = (options.page?.module as { hydrate?: unknown } | undefined)?.hydrate;
  if (hydration !== undefined && !pageHydrations.includes(hydration as PageHydration))
    problems.push(
      `${options.page?.file ?? 'the page'} exports hydrate = ${JSON.stringify(hydration) ?? String(hydration)}; export 'load', 'idle' or 'none', or nothing for 'load'`,
    );
  const page = options.page?.module as { cache?: unknown; prerender?: unknown } | undefined;
  const revalidate = (page?.cache as { revalidate?: unknown } | undefined)?.revalidate;
  if (page?.cache !== undefined && !(typeof revalidate === 'number' && Number.isFinite(revalidate) && revalidate > 0))
    problems.push(
      `${options.page?.file ?? 'the page'} exports cache = ${JSON.stringify(page.cache) ?? String(page.cache)}; export { revalidate: seconds } with a positive number of seconds`,
    );
  if (
    page?.prerender !== undefined &&
    page.prerender !== true &&
    typeof (page.prerender as { paths?: unknown } | null)?.paths !== 'function'
  )
    problems.push(
      `${options.page?.file ?? 'the page'} exports prerender = ${JSON.stringify(page.prerender) ?? String(page.prerender)}; export true, or { paths: () => [...] } for a page with parameters`,
    );
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0))
    problems.push(`timeoutMs is ${String(options.timeoutMs)}; pass a positive number of milliseconds`);
  if (options.signInPage !== undefined && typeof options.signInPage !== 'string')
    problems.push(`signInPage is ${typeof options.signInPage}; pass a path of this app such as "/login"`);
  const found = problems.filter((problem) => problem !== '');
  if (found.length > 0) throw new KitReactError('invalid_render_options', `renderPage(): ${found.join('; ')}.`);
}
