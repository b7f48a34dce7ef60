/**
 * Operators set the source rules (the console's Upstreams page, `/api/ops/source-rules`): the rule of
 * one country and service (or every service there) upserted, or removed when it pins nothing and
 * excludes nothing. Each change is one conditional Put of the rules' item on the version it read, and
 * its audit entry, in one transaction; a change landing in between is read again and applied anew.
 */
import {
  fieldProblem,
  ownSource,
  parseFields,
  putSourceRuleRequestSchema,
  type FieldProblem,
  type PutSourceRuleRequest,
  type SourceOption,
  type SourceRulesReply,
} from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { auditPart } from '../../accounts';
import { listCountryItems, serviceCatalog } from '../../catalogue';
import { transact, txPut } from '../../shared/db';
import { sourceRulesItem } from '../../shared/db/items/upstreams';
import { ConflictError, ValidationError } from '../../shared/errors';
import { findAgent, listAllAgents } from '../agents/registry';
import { findUpstream, listUpstreams } from './registry';
import { forgetSourceRules, readSourceRules, type SourceRuleEntry, type SourceRules } from './source-rules';

/** Another change landed between our read and our write: read again. */
class RulesChanged extends Error {}

const sameTarget = (a: SourceRuleEntry, b: SourceRuleEntry) => a.countryId === b.countryId && a.serviceId === b.serviceId;
const targetName = (rule: SourceRuleEntry) => `${rule.countryId}/${rule.serviceId ?? 'any'}`;

/** A source that names a live agent or upstream (or our own numbers), else undefined. */
async function isKnownSource(source: string): Promise<boolean> {
  if (source === ownSource) return true;
  const [kind, id] = source.split(':') as [string, string];
  const found = kind === 'agent' ? await findAgent(id) : await findUpstream(id);
  return found !== undefined && !found.removedAt;
}

/** The country, service and sources a rule names are known, else a ValidationError naming each field. */
async function checkRule(body: PutSourceRuleRequest): Promise<void> {
  const [countries, services] = await Promise.all([listCountryItems(), serviceCatalog()]);
  const fields: Record<string, FieldProblem[]> = Object.create(null);
  if (!countries.some((c) => c.id === body.country_id)) fields.country_id = [fieldProblem('UNKNOWN_COUNTRY')];
  if (body.service_id !== null && !services.byId.has(body.service_id)) fields.service_id = [fieldProblem('UNKNOWN_SERVICE')];
  if (body.pin && !(await isKnownSource(body.pin))) fields.pin = [fieldProblem('UNKNOWN_SOURCE', { source: body.pin })];
  for (const source of body.exclude ?? []) if (!(await isKnownSource(source))) (fields.exclude ??= []).push(fieldProblem('UNKNOWN_SOURCE', { source }));
  if (Object.keys(fields).length) throw new ValidationError('Invalid request', fields);
}

/**
 * An operator sets the rule of a country and a service (`service_id` null: every service there):
 * `pin` one source, or `exclude` some; neither removes the rule. Audited; answers the rules after it.
 */
export async function setSourceRule(input: PutSourceRuleRequest, operator: OperatorRef, now = new Date()): Promise<SourceRules> {
  const parsed = parseFields(putSourceRuleRequestSchema, input, 'input');
  if (!parsed.success) throw new ValidationError('Invalid request', parsed.fields);
  const body = parsed.data;
  await checkRule(body);
  const exclude = [...new Set(body.exclude ?? [])];
  const rule: SourceRuleEntry = {
    countryId: body.country_id,
    ...(body.service_id === null ? {} : { serviceId: body.service_id }),
    ...(body.pin ? { pin: body.pin } : exclude.length ? { exclude } : {}),
  };
  const removes = rule.pin === undefined && rule.exclude === undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await readSourceRules(true);
    const before = current.rules.find((r) => sameTarget(r, rule)) ?? null;
    const rules = [...current.rules.filter((r) => !sameTarget(r, rule)), ...(removes ? [] : [rule])];
    const next = { rules, version: current.version + 1, editedAt: now.toISOString(), editedBy: operator.email };
    try {
      await transact([
        txPut(sourceRulesItem, next, {
          when: current.version === 0 ? { version: { absent: true } } : { version: { equals: current.version } },
          onConditionFailed: () => new RulesChanged(),
        }),
        auditPart(
          {
            operator,
            action: removes ? 'source-rule.remove' : 'source-rule.set',
            target: { type: 'source-rule', id: targetName(rule) },
            before,
            after: removes ? null : rule,
          },
          now,
        ),
      ]);
      forgetSourceRules();
      return next;
    } catch (error) {
      if (!(error instanceof RulesChanged)) throw error;
    }
  }
  throw new ConflictError('The source rules changed while saving: try again', 'CONFLICT');
}

/** Every source a rule may name: our numbers, each live agent and each upstream not removed, with their names. */
export async function sourceOptions(): Promise<SourceOption[]> {
  const [agents, upstreams] = await Promise.all([listAllAgents(), listUpstreams()]);
  return [
    { source: ownSource, kind: 'own', name: 'Our numbers' },
    ...agents.map((a): SourceOption => ({ source: `agent:${a.id}`, kind: 'agent', name: a.name })),
    ...upstreams.map((u): SourceOption => ({ source: `upstream:${u.id}`, kind: 'upstream', name: u.name })),
  ];
}

/** The rules as operators see them (names from the catalogue, by country then service), with the sources they may name. */
export async function sourceRulesView(stored?: SourceRules): Promise<SourceRulesReply['data']> {
  const current = stored ?? (await readSourceRules(true));
  const [countries, services, sources] = await Promise.all([listCountryItems(), serviceCatalog(), sourceOptions()]);
  const countryName = new Map(countries.map((c) => [c.id, c.name]));
  const rules = current.rules.map((rule) => ({
    country_id: rule.countryId,
    country_name: countryName.get(rule.countryId) ?? null,
    service_id: rule.serviceId ?? null,
    service_name: rule.serviceId === undefined ? null : (services.byId.get(rule.serviceId)?.name ?? null),
    pin: rule.pin ?? null,
    exclude: rule.exclude ?? [],
  }));
  const byName = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');
  // A country's rule for every service first, then its services' by name.
  rules.sort(
    (a, b) => byName(a.country_name, b.country_name) || Number(a.service_id !== null) - Number(b.service_id !== null) || byName(a.service_name, b.service_name),
  );
  return { rules, sources, edited_at: current.editedAt ?? null, edited_by: current.editedBy ?? null };
}
