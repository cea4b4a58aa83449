import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '#shared/domain/schemas/common';
import { createSchemaOf, defineResource, listQueryOf, recordParam, recordSchemaOf, updateSchemaOf } from '#shared/resources/define';
import { fieldKind, sampleRecord } from '#shared/resources/fields';
import { venues } from '../fixtures/resources/venues';

/** What the server and the console derive from a declaration's fields (shared/resources). */
const gadgets = defineResource({
  name: 'gadgets',
  table: 'gadgets',
  scope: 'account',
  fields: {
    label: requiredText(40),
    weight: z.number().int().min(1).max(500),
    active: z.boolean(),
    colour: z.enum(['red', 'blue']).optional(),
  },
  sorts: ['label', 'weight', 'createdAt'],
  defaultSort: 'createdAt',
  filters: ['weight', 'active', 'colour'],
  access: { list: 'readonly', show: 'readonly', create: 'admin', edit: 'admin', delete: 'owner' },
  menu: 'accountSettings',
});

describe('a resource declaration', () => {
  it('reads each field kind from its zod schema', () => {
    expect(fieldKind(gadgets.fields.label)).toEqual({ kind: 'text', required: true, max: 40, multiline: false });
    expect(fieldKind(gadgets.fields.weight)).toEqual({ kind: 'number', required: true, min: 1, max: 500, integer: true });
    expect(fieldKind(gadgets.fields.active)).toEqual({ kind: 'boolean', required: true });
    expect(fieldKind(gadgets.fields.colour)).toEqual({ kind: 'choice', required: false, choices: ['red', 'blue'] });
    expect(fieldKind(venues.fields.notes)).toMatchObject({ kind: 'text', required: false, multiline: true });
  });

  it('makes samples its own create schema accepts', () => {
    for (const resource of [gadgets, venues]) expect(createSchemaOf(resource).safeParse(sampleRecord(resource.fields)).success).toBe(true);
  });

  it('takes number and boolean filters from query text, and refuses unknown sorts and filters', () => {
    const query = listQueryOf(gadgets);
    expect(query.parse({ weight: '12', active: 'false', colour: 'red' })).toMatchObject({
      weight: 12,
      active: false,
      colour: 'red',
      sort: 'createdAt',
      page: 1,
    });
    expect(query.safeParse({ weight: 'heavy' }).success).toBe(false);
    expect(query.safeParse({ sort: 'active' }).success).toBe(false);
    expect(query.safeParse({ q: 'x' }).success).toBe(false);
    expect(listQueryOf(venues).parse({ q: 'aus' })).toMatchObject({ q: 'aus', sort: 'name' });
  });

  it('answers records with their read-only fields and takes them back on update', () => {
    const record = {
      id: 'g1',
      label: 'Spanner',
      weight: 3,
      active: true,
      colour: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(recordSchemaOf(gadgets).parse(record)).toEqual(record);
    expect(updateSchemaOf(gadgets).parse(record)).toEqual({ label: 'Spanner', weight: 3, active: true });
    expect(updateSchemaOf(gadgets).safeParse({ ...record, notAField: 1 }).success).toBe(false);
  });

  it('takes an ISO time field, and a liveUntil only on one', () => {
    const until = z.iso.datetime();
    expect(fieldKind(until)).toEqual({ kind: 'datetime', required: true });
    expect(fieldKind(until.optional())).toEqual({ kind: 'datetime', required: false });
    const base = {
      name: 'offers',
      table: 'offers',
      scope: 'account',
      sorts: ['createdAt'],
      defaultSort: 'createdAt',
      actions: ['list'],
      access: { list: 'readonly' },
      menu: 'none',
    } as const;
    const offers = defineResource({ ...base, fields: { title: requiredText(40), endsAt: until }, liveUntil: 'endsAt', only: { status: 'open' } });
    // A sample time lies ahead, so a row made from samples is live.
    expect(Date.parse(String(sampleRecord(offers.fields).endsAt))).toBeGreaterThan(Date.now());
    expect(createSchemaOf(offers).safeParse(sampleRecord(offers.fields)).success).toBe(true);
    expect(() => defineResource({ ...base, fields: { title: requiredText(40) }, liveUntil: 'title' })).toThrow('liveUntil must name a time field');
  });

  it('takes rules of hand-made routes in its access row only where routeRules names them', () => {
    const base = {
      name: 'tickets',
      table: 'tickets',
      scope: 'account',
      fields: { title: requiredText(40) },
      sorts: ['createdAt'],
      defaultSort: 'createdAt',
      actions: ['list'],
      menu: 'none',
    } as const;
    const access = { list: 'readonly', export: 'readonly', erase: 'admin' } as const;
    expect(defineResource({ ...base, access, routeRules: ['export', 'erase'] }).access).toEqual(access);
    // Unnamed, a rule for an action it lacks is still a mistake; named, it still needs its rule.
    expect(() => defineResource({ ...base, access, routeRules: ['export'] })).toThrow('access must give a rule for each');
    expect(() => defineResource({ ...base, access: { list: 'readonly' }, routeRules: ['export'] })).toThrow('access must give a rule for each');
    // A generated route's action is never a hand-made route's rule.
    expect(() => defineResource({ ...base, access: { list: 'readonly' }, routeRules: ['list'] })).toThrow('a route rule names a hand-made route');
  });

  it('names its record parameter after the resource', () => {
    expect(recordParam(venues)).toBe('venueId');
    expect(recordParam({ name: 'fan-notes' })).toBe('fanNoteId');
  });
});
