import { describe, expect, it } from 'vitest';
import { checkDisplayName } from './check-display-name.js';

describe('checkDisplayName', () => {
  it('keeps the names of people, normalised', () => {
    expect(checkDisplayName('  Ada   Lovelace ')).toEqual({ ok: true, name: 'Ada Lovelace' });
    for (const name of ["Grace O'Hara", 'José Ñúñez', 'Zoë-Ann Smith Jr.', '李小龍', 'Abbot', 'Badminton Club', 'Kit Marlowe', 'Ada Min']) {
      expect(checkDisplayName(name), name).toEqual({ ok: true, name });
    }
    expect(checkDisplayName('Ａｄａ')).toEqual({ ok: true, name: 'Ada' });
  });

  it('refuses names that pass for a role or an agent, however they are written', () => {
    for (const name of [
      'Admin',
      'admin',
      'ADMINISTRATOR',
      'Admin Team',
      'System',
      'Support',
      'bob-bot',
      'Triage Agent',
      'Аdmin',
      'Adm1n',
      'A d m i n',
      'ad-min',
      'Ádmín',
      'R00t',
    ]) {
      const check = checkDisplayName(name);
      expect(check, name).toMatchObject({ ok: false, problem: 'reserved' });
    }
    expect(checkDisplayName('Reviewer Sam', { reserved: ['reviewer'] })).toMatchObject({ ok: false, problem: 'reserved' });
    expect(checkDisplayName('Help Desk', { reserved: ['help desk'] })).toMatchObject({ ok: false, problem: 'reserved' });
    const check = checkDisplayName('Admin');
    expect(!check.ok && check.message).toContain('"admin" names a role or an agent');
  });

  it('refuses brackets, symbols and invisible characters, so no name carries the (agent) mark', () => {
    for (const name of [
      'bob (agent)',
      'bob（agent）',
      'bob [agent]',
      'bob ❨agent❩',
      'ada@example.com',
      'Ada 🙂',
      'Ada\u200bLovelace',
      'Ada\u202eecalevoL',
      'agent:triage',
      'Ada <b>',
    ]) {
      expect(checkDisplayName(name), JSON.stringify(name)).toMatchObject({ ok: false });
    }
    expect(checkDisplayName('bob (agent)')).toMatchObject({ problem: 'characters' });
    // White space of any kind becomes one space.
    expect(checkDisplayName('Ada\n\u2028\tLovelace')).toEqual({ ok: true, name: 'Ada Lovelace' });
  });

  it('refuses empty and long names, and never throws', () => {
    expect(checkDisplayName('   ')).toMatchObject({ ok: false, problem: 'empty' });
    expect(checkDisplayName(undefined)).toMatchObject({ ok: false, problem: 'empty' });
    expect(checkDisplayName(42)).toMatchObject({ ok: false, problem: 'empty' });
    expect(checkDisplayName('a'.repeat(101))).toMatchObject({
      ok: false,
      problem: 'too_long',
      message: 'Shorten the name to 100 characters or fewer.',
    });
    expect(checkDisplayName('a'.repeat(10), { maxLength: 5 })).toMatchObject({ ok: false, problem: 'too_long' });
  });
});
