import { KitReactError } from '../errors/kit-react-error.js';

function refuse(method: string): never {
  throw new KitReactError(
    'search_params_read_only',
    `router.searchParams.${method}() cannot change the URL: build the new query and call router.navigate('?' + params) instead.`,
  );
}

/** A URLSearchParams whose mutators throw, so a change does not silently miss the address bar. */
export class ReadonlySearchParams extends URLSearchParams {
  override append(_name: string, _value: string): void {
    refuse('append');
  }
  override delete(_name: string, _value?: string): void {
    refuse('delete');
  }
  override set(_name: string, _value: string): void {
    refuse('set');
  }
  override sort(): void {
    refuse('sort');
  }
}
