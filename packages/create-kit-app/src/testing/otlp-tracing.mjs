// Registers an OpenTelemetry SDK in a kit process a test starts (`node --import` this file), as an app's
// tracing setup does: spans go over OTLP/HTTP to the receiver at KIT_TEST_OTLP_URL, each as it ends, so none
// waits in a batch when the test reads the receiver or stops the server.
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

const url = process.env.KIT_TEST_OTLP_URL;
if (url) {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'tickets' }),
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}
