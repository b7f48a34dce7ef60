/**
 * Operators change the partners' share (the console's Partners page, `npm run ops -- partner-share`):
 * the default, or one rule upserted or removed. Each change is one conditional Put of the rules' item
 * on the version it read, and its audit entry, in one transaction; a change landing in between is
 * read again and applied anew. Lambdas see it when their cached copy (share.ts) next reloads.
 */
import {
  parseFields,
  partnerShareRuleParamsSchema,
  putPartnerShareRequestSchema,
  type PartnerShareReply,
  type PartnerShareRule,
  type PutPartnerShareRequest,
} from '@numbernest/contracts';
import type { OperatorRef } from '@numbernest/contracts/ops';
import { auditPart } from '../../accounts';
import { listCountryItems, listOfferItems, serviceCatalog } from '../../catalogue';
import { transact, txPut } from '../../shared/db';
import { partnerShareItem } from '../../shared/db/items/partner-share';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors';
import { toDollars } from '../../shared/pricing';
import { forgetPartnerShare, partnerShareCents, readPartnerShare, type PartnerShare, type ShareRule } from './share';

/** Another change landed between our read and our write: read again. */
class ShareChanged extends Error {}

const sameTarget = (a: ShareRule, b: ShareRule) => a.countryId === b.countryId && a.serviceId === b.serviceId;

/** Country and service ids that are in the catalogue, else a ValidationError naming the field. */
async function checkTargets(countryId: number | undefined, serviceId: number | undefined): Promise<void> {
  const [countries, services] = await Promise.all([listCountryItems(), serviceCatalog()]);
  const fields: Record<string, { code: 'UNKNOWN_COUNTRY' | 'UNKNOWN_SERVICE'; message: string }[]> = Object.create(null);
  if (countryId !== undefined && !countries.some((c) => c.id === countryId))
    fields.country_id = [{ code: 'UNKNOWN_COUNTRY', message: 'No country has this id.' }];
  if (serviceId !== undefined && !services.byId.has(serviceId)) fields.service_id = [{ code: 'UNKNOWN_SERVICE', message: 'No service has this id.' }];
  if (Object.keys(fields).length) throw new ValidationError('Invalid request', fields);
}

/** Writes `next` over what `current` was, with its audit entry; ShareChanged when another change came first. */
async function writeShare(
  current: PartnerShare,
  change: (share: PartnerShare) => Pick<PartnerShare, 'defaultPercent' | 'rules'>,
  operator: OperatorRef,
  audit: (before: PartnerShare, after: PartnerShare) => { action: string; target: string; before: unknown; after: unknown },
  now = new Date(),
): Promise<PartnerShare> {
  const next = { ...change(current), version: current.version + 1, editedAt: now.toISOString(), editedBy: operator.email };
  const entry = audit(current, next);
  await transact([
    txPut(partnerShareItem, next, {
      when: current.version === 0 ? { version: { absent: true } } : { version: { equals: current.version } },
      onConditionFailed: () => new ShareChanged(),
    }),
    auditPart({ operator, action: entry.action, target: { type: 'partner-share', id: entry.target }, before: entry.before, after: entry.after }, now),
  ]);
  forgetPartnerShare();
  return next;
}

/** Applies a change to the rules as stored now, again if another change lands first (a few times, then a 409). */
async function changeShare(apply: (current: PartnerShare) => Promise<PartnerShare>): Promise<PartnerShare> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await apply(await readPartnerShare(true));
    } catch (error) {
      if (!(error instanceof ShareChanged)) throw error;
    }
  }
  throw new ConflictError('The partner share changed while saving: try again', 'CONFLICT');
}

const targetName = (rule: ShareRule) => `${rule.countryId ?? 'any'}/${rule.serviceId ?? 'any'}`;

/**
 * An operator sets the default percent (`default_percent`) or upserts one rule (`country_id`,
 * `service_id`, null for any; `percent`). Bad input or an id outside the catalogue: ValidationError
 * naming the field. Audited; answers the rules as stored after it.
 */
export async function setPartnerShare(input: PutPartnerShareRequest, operator: OperatorRef): Promise<PartnerShare> {
  const parsed = parseFields(putPartnerShareRequestSchema, input, 'input');
  if (!parsed.success) throw new ValidationError('Invalid request', parsed.fields);
  const body = parsed.data;
  if (body.default_percent !== undefined) {
    const percent = body.default_percent;
    return changeShare((current) =>
      writeShare(
        current,
        (share) => ({ defaultPercent: percent, rules: share.rules }),
        operator,
        (before) => ({
          action: 'partner-share.default',
          target: 'default',
          before: { percent: before.defaultPercent },
          after: { percent },
        }),
      ),
    );
  }
  const rule: ShareRule = {
    ...(body.country_id != null ? { countryId: body.country_id } : {}),
    ...(body.service_id != null ? { serviceId: body.service_id } : {}),
    percent: body.percent!,
  };
  await checkTargets(rule.countryId, rule.serviceId);
  return changeShare((current) =>
    writeShare(
      current,
      (share) => ({ defaultPercent: share.defaultPercent, rules: [...share.rules.filter((r) => !sameTarget(r, rule)), rule] }),
      operator,
      (before) => ({
        action: 'partner-share.rule',
        target: targetName(rule),
        before: before.rules.find((r) => sameTarget(r, rule)) ?? null,
        after: rule,
      }),
    ),
  );
}

/** `any` or an id, as a rule's path and the command line write it. */
const targetOf = (value: string) => (value === 'any' ? undefined : Number(value));

/** An operator removes the rule of (country, service), each an id or `any`: NotFoundError when there is none. Audited. */
export async function removePartnerShareRule(params: { country: string; service: string }, operator: OperatorRef): Promise<PartnerShare> {
  const parsed = parseFields(partnerShareRuleParamsSchema, params, 'params');
  if (!parsed.success) throw new ValidationError('Invalid request', parsed.fields);
  const target: ShareRule = { countryId: targetOf(parsed.data.country), serviceId: targetOf(parsed.data.service), percent: 0 };
  return changeShare(async (current) => {
    const removed = current.rules.find((r) => sameTarget(r, target));
    if (!removed) throw new NotFoundError(`No partner share rule for ${targetName(target)}`, 'NOT_FOUND');
    return writeShare(
      current,
      (share) => ({ defaultPercent: share.defaultPercent, rules: share.rules.filter((r) => !sameTarget(r, target)) }),
      operator,
      () => ({ action: 'partner-share.rule-remove', target: targetName(target), before: removed, after: null }),
    );
  });
}

/** Most specific first (country and service, service, country), then by names. */
const specificity = (rule: ShareRule) => (rule.countryId !== undefined && rule.serviceId !== undefined ? 0 : rule.serviceId !== undefined ? 1 : 2);

/**
 * The rules as operators see them: names from the catalogue, and for a rule of one country and one
 * service the Temporary price offered there now with what a partner earns of it.
 */
export async function partnerShareView(share?: PartnerShare): Promise<PartnerShareReply['data']> {
  const current = share ?? (await readPartnerShare(true));
  const [countries, services] = await Promise.all([listCountryItems(), serviceCatalog()]);
  const countryName = new Map(countries.map((c) => [c.id, c.name]));
  const offersOf = new Map<number, Promise<Awaited<ReturnType<typeof listOfferItems>>>>();
  const temporaryPriceCents = async (countryId: number, serviceId: number) => {
    if (!countryName.has(countryId)) return undefined;
    if (!offersOf.has(countryId)) offersOf.set(countryId, listOfferItems(countryId));
    return (await offersOf.get(countryId)!).find((o) => o.serviceId === serviceId)?.temporaryPriceCents;
  };
  const rules = await Promise.all(
    current.rules.map(async (rule): Promise<PartnerShareRule & { specificity: number }> => {
      const price = rule.countryId !== undefined && rule.serviceId !== undefined ? await temporaryPriceCents(rule.countryId, rule.serviceId) : undefined;
      return {
        specificity: specificity(rule),
        country_id: rule.countryId ?? null,
        country_name: rule.countryId === undefined ? null : (countryName.get(rule.countryId) ?? null),
        service_id: rule.serviceId ?? null,
        service_name: rule.serviceId === undefined ? null : (services.byId.get(rule.serviceId)?.name ?? null),
        percent: rule.percent,
        temporary_price: price === undefined ? null : toDollars(price),
        partner_earns: price === undefined ? null : toDollars(partnerShareCents(price, rule.percent)),
      };
    }),
  );
  const byName = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');
  rules.sort((a, b) => a.specificity - b.specificity || byName(a.country_name, b.country_name) || byName(a.service_name, b.service_name));
  return {
    default_percent: current.defaultPercent,
    rules: rules.map(({ specificity: _, ...rule }) => rule),
    edited_at: current.editedAt ?? null,
    edited_by: current.editedBy ?? null,
  };
}
