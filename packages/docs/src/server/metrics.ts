import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ContentStore } from '../service/state.js';
import type { ResponseCacheStats } from '@kit/kit-core';

/** The service's Prometheus metrics. */
export interface DocsMetrics {
  readonly registry: Registry;
  /** Records one finished request. */
  observe(route: string, method: string, status: number, seconds: number): void;
}

/**
 * Builds the metrics of one process: request counts and latency per route, method and status class;
 * search queries; the content version and whether the last reload failed; response-cache figures;
 * and Node's process metrics (memory, CPU, event-loop lag, garbage collection).
 */
export function createMetrics(store: ContentStore, cacheStats?: () => ResponseCacheStats | undefined): DocsMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'kit_docs_http_requests_total',
    help: 'HTTP requests answered, by route, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'kit_docs_http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its response, by route and method.',
    labelNames: ['route', 'method'] as const,
    // Most answers take well under a millisecond; the upper buckets catch queueing under load.
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const searches = new Counter({
    name: 'kit_docs_search_queries_total',
    help: 'Search queries answered with results (HTTP 200 on /api/search).',
    registers: [registry],
  });
  new Gauge({
    name: 'kit_docs_content_version',
    help: 'Version of the content being served: 1 at start, one more after each successful reload.',
    registers: [registry],
    // Across workers, the oldest content still served.
    aggregator: 'min',
    collect() {
      this.set(store.version);
    },
  });
  new Gauge({
    name: 'kit_docs_content_degraded',
    help: '1 while the last content reload failed and the previous content is being served, else 0.',
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.set(store.status === 'degraded' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'kit_docs_content_documents',
    help: 'Documents in the content being served.',
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.set(store.current.content.documents.length);
    },
  });
  if (cacheStats) {
    new Gauge({
      name: 'kit_docs_response_cache_entries',
      help: 'Responses held in the response cache.',
      registers: [registry],
      collect() {
        this.set(cacheStats()?.entries ?? 0);
      },
    });
    new Gauge({
      name: 'kit_docs_response_cache_bytes',
      help: 'Bytes of bodies held in the response cache, compressed copies included.',
      registers: [registry],
      collect() {
        this.set(cacheStats()?.bytes ?? 0);
      },
    });
    // Counters only go up: each scrape adds what happened since the previous one.
    let seen = { hits: 0, misses: 0 };
    new Counter({
      name: 'kit_docs_response_cache_hits_total',
      help: 'Requests answered from the response cache.',
      registers: [registry],
      collect() {
        const now = cacheStats()?.hits ?? 0;
        this.inc(now - seen.hits);
        seen = { ...seen, hits: now };
      },
    });
    new Counter({
      name: 'kit_docs_response_cache_misses_total',
      help: 'Cacheable requests that had to be computed.',
      registers: [registry],
      collect() {
        const now = cacheStats()?.misses ?? 0;
        this.inc(now - seen.misses);
        seen = { ...seen, misses: now };
      },
    });
  }
  // Label lookups hash their values on every call; the bound children are kept per label set instead,
  // so recording a request is two map lookups and two additions.
  const bound = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();
  return {
    registry,
    observe(route, method, status, seconds) {
      const key = `${route} ${method} ${status}`;
      let children = bound.get(key);
      if (!children) {
        children = { count: requests.labels(route, method, String(status)), time: duration.labels(route, method) };
        bound.set(key, children);
      }
      children.count.inc();
      children.time.observe(seconds);
      if (route === '/api/search' && status === 200) searches.inc();
    },
  };
}
