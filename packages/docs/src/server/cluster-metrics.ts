import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const request = 'kit-docs:cluster-metrics';
const reply = 'kit-docs:cluster-metrics-reply';

interface MetricsReply {
  readonly type: typeof reply;
  readonly id: number;
  readonly text?: string;
}

/**
 * In the cluster primary: answers a worker's request for the metrics of all workers, which the
 * primary gathers from each of them (counters and histograms summed, gauges by their own rule).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== request) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: reply, id: message.id, text }),
      () => worker.send({ type: reply, id: message.id }),
    );
  });
}

/**
 * In a worker: lets the primary read this worker's registry, and returns a function giving the
 * metrics of the whole cluster, so a scrape through the shared port sees every worker, not the one
 * that happened to answer. Falls back to this worker's own metrics if the primary does not answer.
 */
export function clusterMetricsReader(registry: Registry): () => Promise<string> {
  // Constructing one installs prom-client's listener that answers the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  return () =>
    new Promise<string>((resolve) => {
      const id = next++;
      const done = (text?: string) => {
        clearTimeout(timer);
        process.off('message', listen);
        if (text !== undefined) resolve(text);
        else void registry.metrics().then(resolve);
      };
      const listen = (message: MetricsReply) => {
        if (message?.type === reply && message.id === id) done(message.text);
      };
      const timer = setTimeout(() => done(), 2_000);
      process.on('message', listen);
      process.send?.({ type: request, id });
    });
}
