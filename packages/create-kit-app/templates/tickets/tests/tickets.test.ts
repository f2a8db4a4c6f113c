import { clearApprovals, type KitApp } from '@kit/kit-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, signUp, testApp } from './support.js';

let app: KitApp;
let admin: string;
let member: string;
beforeAll(async () => {
  app = await testApp();
  admin = await signUp(app, 'Ada', 'ada@example.com');
  member = await signUp(app, 'Grace', 'grace@example.com');
});
beforeEach(() => clearApprovals());

async function agentKey(name: string, cookie: string): Promise<string> {
  const response = await call(app, 'POST', '/api/keys', { cookie }, { name });
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

describe('tickets', () => {
  it('ask anonymous callers for credentials', async () => {
    const response = await call(app, 'GET', '/api/tickets', {});
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer, DPoP/);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('are opened and listed by people who signed in', async () => {
    const opened = await call(app, 'POST', '/api/tickets', { cookie: member }, { title: 'Printer jams on page two', priority: 'high' });
    expect(opened.status).toBe(201);
    const created = (await opened.json()) as { id: string };
    expect(created).toMatchObject({ title: 'Printer jams on page two', status: 'open', priority: 'high', openedBy: 'Grace' });
    expect(opened.headers.get('location')).toBe(`/api/tickets/${created.id}`);
    const list = (await (await call(app, 'GET', '/api/tickets?status=open', { cookie: admin })).json()) as { items: { title: string }[] };
    expect(list.items.map((item) => item.title)).toContain('Printer jams on page two');
  });

  it('are closed by a person at once, and only once', async () => {
    const { id } = (await (await call(app, 'POST', '/api/tickets', { cookie: member }, { title: 'VPN drops every hour' })).json()) as { id: string };
    const closed = await call(app, 'POST', `/api/tickets/${id}/close`, { cookie: member }, { resolution: 'Renewed the certificate' });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ status: 'closed', resolution: 'Renewed the certificate' });
    expect((await call(app, 'POST', `/api/tickets/${id}/close`, { cookie: member }, { resolution: 'Again' })).status).toBe(409);
  });

  it('are closed by an agent only once an admin approved it', async () => {
    const key = await agentKey('triage-bot', member);
    const opened = await call(app, 'POST', '/api/tickets', { key }, { title: 'Disk almost full on build server' });
    const { id, openedBy } = (await opened.json()) as { id: string; openedBy: string };
    expect(openedBy).toBe('triage-bot (agent)');

    const held = await call(app, 'POST', `/api/tickets/${id}/close`, { key }, { resolution: 'Cleared old artifacts' });
    expect(held.status).toBe(202);
    const { approvalId } = (await held.json()) as { approvalId: string };

    // Only admins review; the member who owns the key cannot approve it.
    expect((await call(app, 'POST', `/api/approvals/${approvalId}/decision`, { cookie: member }, { approved: true })).status).toBe(403);
    const pending = (await (await call(app, 'GET', '/api/approvals', { cookie: admin })).json()) as { items: { id: string; requestedBy: string }[] };
    expect(pending.items).toEqual([expect.objectContaining({ id: approvalId, requestedBy: 'triage-bot' })]);
    expect((await call(app, 'POST', `/api/approvals/${approvalId}/decision`, { cookie: admin }, { approved: true })).status).toBe(200);

    const closed = await call(app, 'POST', `/api/tickets/${id}/close`, { key }, { resolution: 'Cleared old artifacts' });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ status: 'closed' });
  });

  it('answer an agent closing a ticket that does not exist, or one already closed, at once and without asking an admin', async () => {
    const key = await agentKey('cleanup-bot', member);
    const missing = await call(app, 'POST', '/api/tickets/no-such-ticket/close', { key }, { resolution: 'Nothing to do' });
    expect(missing.status).toBe(404);
    const { id } = (await (await call(app, 'POST', '/api/tickets', { cookie: member }, { title: 'Old request' })).json()) as { id: string };
    expect((await call(app, 'POST', `/api/tickets/${id}/close`, { cookie: member }, { resolution: 'Done by hand' })).status).toBe(200);
    const closed = await call(app, 'POST', `/api/tickets/${id}/close`, { key }, { resolution: 'Done again' });
    expect(closed.status).toBe(409);
    const pending = (await (await call(app, 'GET', '/api/approvals', { cookie: admin })).json()) as { items: unknown[] };
    expect(pending.items).toEqual([]);
  });

  it('refuse a revoked key, and agents never manage keys', async () => {
    const key = await agentKey('night-shift', member);
    expect((await call(app, 'POST', '/api/keys', { key }, { name: 'sneaky' })).status).toBe(403);
    const keys = (await (await call(app, 'GET', '/api/keys', { cookie: member })).json()) as { items: { id: string; name: string }[] };
    const record = keys.items.find((item) => item.name === 'night-shift')!;
    expect((await call(app, 'POST', `/api/keys/${record.id}/revoke`, { cookie: member }, {})).status).toBe(200);
    expect((await call(app, 'GET', '/api/tickets', { key })).status).toBe(401);
  });
});
