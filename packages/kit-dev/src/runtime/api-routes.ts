import type { AnyAPIDefinition, HttpMethod, RouteKey } from '@kit/kit-core';
import { KitDevError } from '../errors/kit-dev-error.js';

const methods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function isDefinition(value: unknown): value is AnyAPIDefinition {
  return typeof value === 'object' && value !== null && typeof (value as { handler?: unknown }).handler === 'function';
}

/**
 * The routes an `*.api.ts` module serves at its pattern: each named export `GET`, `POST`, `PUT`,
 * `PATCH`, `DELETE` that is a `defineAPI` definition registers that method; a default export registers
 * `GET` when its capability is `read` (or absent), `POST` when it is `write` or `external`. Other
 * exports are helpers and are ignored.
 *
 * @throws KitDevError `load_failed` when the module serves nothing, or a method export is not a definition.
 */
export function apiRoutesOf(file: string, pattern: string, module: Readonly<Record<string, unknown>>): [RouteKey, AnyAPIDefinition][] {
  const routes: [RouteKey, AnyAPIDefinition][] = [];
  const key = (method: HttpMethod): RouteKey => `${method} ${pattern}` as RouteKey;
  for (const method of methods) {
    const value = module[method];
    if (value === undefined) continue;
    if (!isDefinition(value)) {
      throw new KitDevError(
        'load_failed',
        `${file}: the export ${method} is not a defineAPI definition; export defineAPI({ handler, ... }) as ${method}, or rename the export if it is a helper`,
        {
          location: { file, line: 1, column: 1 },
        },
      );
    }
    routes.push([key(method), value]);
  }
  const fallback = module.default;
  if (fallback !== undefined) {
    if (!isDefinition(fallback)) {
      throw new KitDevError(
        'load_failed',
        `${file}: the default export is not a defineAPI definition; export default defineAPI({ handler, ... }), or export the routes as GET, POST, PUT, PATCH or DELETE`,
        {
          location: { file, line: 1, column: 1 },
        },
      );
    }
    const method: HttpMethod = fallback.capability === 'write' || fallback.capability === 'external' ? 'POST' : 'GET';
    if (routes.some(([existing]) => existing === key(method))) {
      throw new KitDevError(
        'duplicate_route',
        `${file}: the default export and the export ${method} both serve ${method} ${pattern}; keep one of them`,
        { location: { file, line: 1, column: 1 } },
      );
    }
    routes.push([key(method), fallback]);
  }
  if (routes.length === 0) {
    throw new KitDevError(
      'load_failed',
      `${file}: an API route file must export a defineAPI definition as GET, POST, PUT, PATCH or DELETE (or as its default export), and this one exports none; add one, or rename the file if it is a helper`,
      {
        location: { file, line: 1, column: 1 },
      },
    );
  }
  return routes;
}
