/**
 * OpenTelemetry's SDK with an OTLP exporter (HTTP, JSON), for the server to trace with. main.ts
 * imports this module only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise no SDK is loaded and
 * no span is made. The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (it sends to <endpoint>/v1/traces)
 * and OTEL_EXPORTER_OTLP_HEADERS itself; the service is called `toolgraph` unless OTEL_SERVICE_NAME
 * (or OTEL_RESOURCE_ATTRIBUTES) says otherwise.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { DatabaseProvider } from '../store';
import { tracingHooks, type TracingHooks } from './plugins/use-tracing';

export interface Tracing {
  hooks: TracingHooks;
  /** Sends the spans not yet exported and stops. */
  shutdown(): Promise<void>;
}

export function startTracing(provider: DatabaseProvider): Tracing {
  const resource = resourceFromAttributes({ 'service.name': 'toolgraph' }).merge(detectResources({ detectors: [envDetector] }));
  const tracerProvider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  // Registered globally: its context manager (AsyncLocalStorage) is what carries a span across awaits to its children.
  tracerProvider.register();
  return { hooks: tracingHooks(tracerProvider.getTracer('toolgraph'), provider), shutdown: () => tracerProvider.shutdown() };
}
