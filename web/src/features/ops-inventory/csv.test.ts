import { describe, expect, it } from 'vitest';
import { parseNumbersCsv } from './csv';

describe('parseNumbersCsv', () => {
  it('reads rows with or without a header, type by number or name, a blank source as Twilio', () => {
    const text = 'e164,country_id,type,source\r\n+447700900123,44,1,twilio\n\n"+34 600 000 001", 7 ,Private,\n+380501234567;8;temporary;gateway:gw-ua-01:2\n';
    expect(parseNumbersCsv(text)).toEqual({
      rows: [
        { e164: '+447700900123', country_id: 44, mobile_number_type_id: 1, source: 'twilio' },
        { e164: '+34 600 000 001', country_id: 7, mobile_number_type_id: 2, source: 'twilio' },
        { e164: '+380501234567', country_id: 8, mobile_number_type_id: 3, source: 'gateway:gw-ua-01:2' },
      ],
      problems: [],
      tooMany: false,
    });
    expect(parseNumbersCsv('+447700900123,44,1').rows).toHaveLength(1);
  });

  it('names each line it cannot read, by its line number', () => {
    const { rows, problems } = parseNumbersCsv('+447700900123\n+447700900124,UK,1\n+447700900125,44,mobile\n+447700900126,44,1,sim 2\n+447700900127,44,2');
    expect(rows.map((r) => r.e164)).toEqual(['+447700900127']);
    expect(problems).toEqual([
      { line: 1, text: '+447700900123', problem: 'columns' },
      { line: 2, text: '+447700900124,UK,1', problem: 'country' },
      { line: 3, text: '+447700900125,44,mobile', problem: 'type' },
      { line: 4, text: '+447700900126,44,1,sim 2', problem: 'source' },
    ]);
  });

  it('says when there are more rows than one import takes', () => {
    const text = Array.from({ length: 1001 }, (_, i) => `+4477009${String(i).padStart(5, '0')},44,1`).join('\n');
    expect(parseNumbersCsv(text)).toMatchObject({ tooMany: true });
    expect(parseNumbersCsv(text.split('\n').slice(1).join('\n'))).toMatchObject({ tooMany: false });
  });
});
