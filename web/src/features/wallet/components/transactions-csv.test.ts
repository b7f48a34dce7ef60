import { describe, expect, it } from 'vitest';
import i18n, { type TFunction } from '@/lib/i18n';
import { formatDateTime } from '@/lib/dates';
import { transaction } from '@/features/wallet/test-fixtures';
import { csvBlob, csvField, transactionsCsv } from './transactions-csv';

const rows = [
  transaction(1, { kind: 'top-up', amount: 25, balance_after: 25, description: { key: 'topUp', params: { provider: 'crypto' } } }),
  transaction(2, {
    kind: 'purchase',
    amount: -1.5,
    balance_after: 23.5,
    reference: 'rental42',
    description: { key: 'purchase', params: { number: '+447700900123', service: 'WhatsApp' } },
  }),
  transaction(3, {
    kind: 'adjustment',
    amount: 1234.5,
    balance_after: 1258,
    description: { key: 'adjustment', params: { text: 'Compensation, "as promised"' } },
  }),
];

/** The cells of a CSV this module writes (quoted fields hold commas and doubled quotes, never line breaks here). */
function cellsOf(csv: string): string[][] {
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv
    .slice(0, -2)
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replace(/""/g, '"') : cell!)),
    );
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

const wallet = (language: string) => i18n.getFixedT(language, 'wallet') as TFunction<'wallet'>;

describe('the transactions CSV', () => {
  it('in English: headers and each row worded as the Transactions page words it', () => {
    const [header, topUp, purchase, adjustment] = cellsOf(transactionsCsv(wallet('en'), 'en', rows));
    expect(header).toEqual(['Date', 'Description', 'Note', 'Type', 'Amount', 'Balance after', 'Reference']);
    expect(topUp).toEqual([formatDateTime(rows[0]!.created_at, 'en'), 'Top-up via Crypto', '', 'Top-up', '+$25.00', '$25.00', 'ref1']);
    expect(purchase!.slice(1)).toEqual(['Rented +447700900123 for WhatsApp', '', 'Number rental', '-$1.50', '$23.50', 'rental42']);
    expect(adjustment!.slice(1, 6)).toEqual(['Balance adjustment: Compensation, "as promised"', '', 'Adjustment', '+$1,234.50', '$1,258.00']);
    expect(topUp![0]).toMatch(/2026/);
  });

  it('in Russian: the same rows as sentences, not keys', () => {
    const csv = transactionsCsv(wallet('ru'), 'ru', rows);
    const [header, topUp, purchase, adjustment] = cellsOf(csv);
    expect(header).toEqual(['Дата', 'Описание', 'Комментарий', 'Тип', 'Сумма', 'Баланс после', 'Идентификатор']);
    expect(topUp!.slice(0, 2)).toEqual([formatDateTime(rows[0]!.created_at, 'ru'), 'Пополнение: Криптовалюта']);
    expect(topUp![0]).toMatch(/2026 г\./);
    expect(purchase![1]).toBe('Аренда номера +447700900123 для WhatsApp');
    expect(adjustment![1]).toBe('Корректировка баланса: Compensation, "as promised"');
    expect(adjustment![4]).toMatch(/^\+1\s234,50\s\$$/);
    expect(csv).not.toMatch(/topUp|provider=|adjustment|purchase/);
  });

  it('quotes as RFC 4180 has it and defuses formulas, but leaves written amounts alone', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+1+cmd')).toBe("'+1+cmd");
    expect(csvField('-2-3')).toBe("'-2-3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('-$5.00')).toBe('-$5.00');
    expect(csvField('+1\u00a0234,50\u00a0$')).toBe('"+1\u00a0234,50\u00a0$"');
    expect(csvField('-USD 5.00')).toBe('-USD 5.00');
    expect(csvField('-USD1')).toBe("'-USD1");
  });

  it('defuses a formula in a customer-supplied value of a row', () => {
    const evil = transaction(9, { kind: 'transfer-in', description: { key: 'transferIn', params: { email: 'x@y.z', note: '=1+2' } } });
    const [, row] = cellsOf(transactionsCsv(wallet('en'), 'en', [evil]));
    expect(row![2]).toBe("'=1+2");
  });

  it('the file starts with a UTF-8 byte order mark', async () => {
    const bytes = await bytesOf(csvBlob('Дата\r\n'));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Дата\r\n');
  });
});
