import { metricsRegistry } from "../../server/metrics.server";

/**
 * The value of one series of the process's registry (for a histogram, `series` picks its _count,
 * _sum or a _bucket); 0 when the series does not exist yet.
 */
export async function sampleOf(name: string, labels: Record<string, string>, series = name): Promise<number> {
  const metric = metricsRegistry().getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  // A histogram's values carry the series they belong to (_bucket, _sum, _count); the published types leave it out.
  const values = (await metric.get()).values as Array<{ value: number; labels: Record<string, unknown>; metricName?: string }>;
  const found = values.find(
    (value) =>
      (value.metricName ?? name) === series && Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
  );
  return found?.value ?? 0;
}

/** The values one label takes in a metric's series. */
export async function labelValues(name: string, label: string): Promise<string[]> {
  const metric = metricsRegistry().getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return [...new Set(values.map((value) => String(value.labels[label])))];
}
