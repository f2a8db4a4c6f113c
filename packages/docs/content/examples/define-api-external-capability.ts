// ---
// title: An external capability that calls a third-party service
// description: Marks a route as external because it reaches a service outside the application, and reads the service's key with env() so that a missing key fails with a clear message.
// topics: [defineAPI]
// relatedDocs: /docs/core-concepts#capability-read-write-and-external
// ---
import { defineAPI, env } from '@kit/kit-core';
import { z } from 'zod';

export default defineAPI({
  description: 'Looks up the current exchange rate between two currencies at an external rates service.',
  // 'external' tells humans and agents that the call leaves the application.
  capability: 'external',
  resource: 'exchange-rates',
  input: z.object({ from: z.string().length(3), to: z.string().length(3) }),
  output: z.object({ from: z.string(), to: z.string(), rate: z.number() }),
  handler: async ({ input }) => {
    // env() returns '' for an unset variable, so check before using it.
    const apiKey = env('RATES_API_KEY');
    if (apiKey === '') {
      throw new Error('exchange-rates route: RATES_API_KEY is not set; add it to the environment of the server.');
    }
    const url = new URL('https://rates.example.com/v1/latest');
    url.searchParams.set('from', input.from);
    url.searchParams.set('to', input.to);
    const response = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
    if (!response.ok) {
      throw new Error(`exchange-rates route: the rates service answered ${response.status}.`);
    }
    const body = (await response.json()) as { rate: number };
    return { from: input.from, to: input.to, rate: body.rate };
  },
});
