import type { JobRunRecord } from './events.js';

/** The last `limit` records of each job, oldest dropped first. */
export class RunHistory {
  readonly #limit: number;
  readonly #byJob = new Map<string, { record: JobRunRecord; seq: number }[]>();
  #seq = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  add(record: JobRunRecord): void {
    let records = this.#byJob.get(record.job);
    if (records === undefined) this.#byJob.set(record.job, (records = []));
    records.push({ record, seq: ++this.#seq });
    if (records.length > this.#limit) records.splice(0, records.length - this.#limit);
  }

  /** Newest first (by the time each record was added); for every job when `job` is absent. */
  list(job?: string): JobRunRecord[] {
    const entries = job === undefined ? [...this.#byJob.values()].flat() : [...(this.#byJob.get(job) ?? [])];
    return entries.sort((a, b) => b.seq - a.seq).map(({ record }) => record);
  }
}
