/**
 * Path parameters of a route path in Hono's syntax: a segment `:name`, optionally followed by a
 * pattern in braces (`:id{[0-9]+}`), binds `name` to that segment of the request path.
 */
const parameterSegment = /^:([^{}?/]+)(\{.*\})?(\?)?$/;

/** One `:name` segment of a route path. */
interface PathSegment {
  readonly name: string;
  readonly optional: boolean;
}

function parameterSegments(path: string): PathSegment[] {
  const found: PathSegment[] = [];
  for (const segment of path.split('/')) {
    const match = parameterSegment.exec(segment);
    if (match) found.push({ name: match[1]!, optional: match[3] === '?' });
  }
  return found;
}

/**
 * The names of a route path's parameters, in path order, checked against the route's input schema
 * properties: each must be declared there (it is validated and typed like any other input field),
 * appear once, and not be optional (`:id?`), because an OpenAPI path template cannot leave a segment out.
 */
export function pathParameterNames(route: string, path: string, declared: ReadonlySet<string>): string[] {
  const names: string[] = [];
  for (const { name, optional } of parameterSegments(path)) {
    if (optional) {
      throw new TypeError(
        `CapabilityRegistry: ${route} has the optional path parameter ":${name}?"; register one route with ":${name}" and one without it`,
      );
    }
    if (names.includes(name)) {
      throw new TypeError(`CapabilityRegistry: ${route} names the path parameter ":${name}" twice; give each path parameter its own name`);
    }
    if (!declared.has(name)) {
      throw new TypeError(
        `CapabilityRegistry: ${route} has the path parameter ":${name}", which its input schema does not declare; add ${name} to the input, such as input: z.strictObject({ ${name}: z.string() })`,
      );
    }
    names.push(name);
  }
  return names;
}

/** The path as an OpenAPI path template: `/api/tickets/:id` becomes `/api/tickets/{id}`. */
export function openApiPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const match = parameterSegment.exec(segment);
      return match ? `{${match[1]!}}` : segment;
    })
    .join('/');
}
