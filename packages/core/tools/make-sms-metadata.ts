/**
 * Writes packages/core/src/shared/sms-tariff/phone-metadata.json: libphonenumber-js's `min` metadata
 * of only the countries Start Chat sends to (message/tariff/table.ts). Run it after changing those
 * countries or updating libphonenumber-js (a unit test fails until then):
 *
 *   npx tsx packages/core/tools/make-sms-metadata.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import full from 'libphonenumber-js/min/metadata';
import type { MetadataJson } from 'libphonenumber-js/core';
import { smsCountries } from '../src/shared/sms-tariff';
import { sliceMetadata } from '../src/shared/sms-tariff/slice-metadata';

const out = resolve(import.meta.dirname, '../src/message/tariff/phone-metadata.json');
writeFileSync(out, `${JSON.stringify(sliceMetadata(full as unknown as MetadataJson, smsCountries))}\n`);
console.log(`wrote ${out} (${smsCountries.join(', ')})`);
