import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitReactError } from '../errors/kit-react-error.js';
import { ReadonlySearchParams } from './readonly-search-params.js';
import { withViewTransition } from './view-transition.js';

describe('withViewTransition without a browser', () => {
  it('runs the update and waits for it', async () => {
    const steps: string[] = [];
    await withViewTransition(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      steps.push('updated');
    });
    expect(steps).toEqual(['updated']);
  });

  it("rejects with the update's error", async () => {
    await expect(withViewTransition(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
  });
});

describe('ReadonlySearchParams', () => {
  it('reads like URLSearchParams and refuses changes with the fix', () => {
    const params = new ReadonlySearchParams('?a=1&a=2&b=x');
    expect(params.getAll('a')).toEqual(['1', '2']);
    expect(params.toString()).toBe('a=1&a=2&b=x');
    const error = thrownBy(() => params.set('a', '3'), KitReactError);
    expect(error.message).toBe(
      "router.searchParams.set() cannot change the URL: build the new query and call router.navigate('?' + params) instead.",
    );
  });
});
