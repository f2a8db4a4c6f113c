import type { ComponentType } from 'react';
import type { ErrorPageProps } from '../modules/types.js';
import { builtinErrorFile, builtinNotFoundFile, type LevelState, type ModuleRefState } from '../state/state.js';
import { BuiltinErrorView, BuiltinNotFoundView } from '../tree/builtin-views.js';

/** What the client needs of a route module: its default component. */
export interface ClientModule {
  readonly default: ComponentType | ComponentType<ErrorPageProps>;
}

const builtins: Record<string, ClientModule> = {
  [builtinErrorFile]: { default: BuiltinErrorView },
  [builtinNotFoundFile]: { default: BuiltinNotFoundView },
};

/**
 * Imports route chunks by URL, once each. `version` (dev updates) adds a query so the browser fetches
 * the chunk again instead of reusing the module it has.
 */
export class ModuleLoader {
  private readonly cache = new Map<string, Promise<ClientModule>>();

  load(ref: Pick<LevelState, 'file' | 'url'> | ModuleRefState, version = 0): Promise<ClientModule> {
    const builtin = builtins[ref.file];
    if (builtin !== undefined && ref.url === '') return Promise.resolve(builtin);
    const url = version === 0 ? ref.url : `${ref.url}${ref.url.includes('?') ? '&' : '?'}kit-update=${version}`;
    let module = this.cache.get(url);
    if (module === undefined) {
      module = (import(/* @vite-ignore */ url) as Promise<ClientModule>).then((loaded) => {
        if (typeof loaded.default !== 'function' && typeof loaded.default !== 'object')
          throw new Error(`${ref.file} (${url}) has no default export component.`);
        return loaded;
      });
      module.catch(() => this.cache.delete(url));
      this.cache.set(url, module);
    }
    return module;
  }
}
