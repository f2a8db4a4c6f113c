// ---
// title: Recording job runs in the ops store and opening an incident
// description: Opens a kit-ops store with an incident rule, records a kit-cron job's runs through cronOpsEvents, and shows how three failures open an incident that the next success resolves, then queries the events of one run and reads the health snapshots.
// topics: [operations]
// relatedDocs: /docs/operations-and-jobs#incident-rules
// ---
import { createScheduler, defineJob } from '@kit/kit-cron';
import { createOpsStore, cronOpsEvents } from '@kit/kit-ops';

// ':memory:' keeps the example self-contained; in an application use a file such as './.kit/ops.sqlite'.
const ops = createOpsStore({
  path: ':memory:',
  retention: { maxAgeDays: 14 },
  rules: [
    // Three failed runs of one job within an hour open an incident; the job's next success resolves it
    // (resolve defaults to { onSuccess: true }).
    { name: 'job-failing', match: { kind: 'job.run', status: 'error' }, open: { count: 3, withinMs: 3_600_000 } },
  ],
});

let reportServiceUp = false;
const report = defineJob({
  name: 'nightly-report',
  schedule: { cron: '0 2 * * *', timezone: 'Europe/Paris' },
  run: async () => {
    if (!reportServiceUp) throw new Error('report service answered 503');
  },
});
const scheduler = createScheduler({ jobs: [report], onEvent: cronOpsEvents(ops) });

for (let run = 0; run < 3; run++) await scheduler.runNow('nightly-report');
const [incident] = ops.incidents({ open: true });
console.log(incident?.rule, incident?.subject, incident?.eventCount); // job-failing nightly-report 3

reportServiceUp = true;
const success = await scheduler.runNow('nightly-report');
console.log(ops.incidents({ open: true }).length, ops.incidents({ open: false })[0]?.resolvedAt !== undefined); // 0 true

// Every event of one run shares its correlation id, the run id <job>#<n>.
for (const event of ops.query({ correlationId: success.runId, order: 'asc' })) {
  console.log(event.kind, event.subject, event.status, event.data); // job.run nightly-report ok { job, phase: 'succeeded', ... }
}
console.log(ops.query({ kind: 'job.run', status: 'error', limit: 10 }).length); // 3

// Health snapshots: the latest per component name.
ops.snapshot('report-service', 'down', { since: 'run 1' });
ops.snapshot('report-service', 'ok');
ops.record({ kind: 'error', subject: 'mailer', data: { message: 'SMTP refused the connection', code: 'ECONNREFUSED' } });
console.log(ops.health().map(({ name, status }) => `${name}: ${status}`)); // [ 'report-service: ok' ]

await scheduler.stop();
ops.close();
