import { describe, expect, it } from 'vitest';
import { searchSorted } from './search';

const names = ['United Kingdom', 'germany', 'Austria', 'Ukraine'];
const same = (name: string) => name;

describe('searchSorted', () => {
  it('sorts alphabetically, ignoring case', () => {
    expect(searchSorted(names, '', same)).toEqual(['Austria', 'germany', 'Ukraine', 'United Kingdom']);
  });

  it('matches a case-insensitive substring anywhere in the name', () => {
    expect(searchSorted(names, 'UK', same)).toEqual(['Ukraine']);
    expect(searchSorted(names, 'king', same)).toEqual(['United Kingdom']);
    expect(searchSorted(names, 'IN', same)).toEqual(['Ukraine', 'United Kingdom']);
  });

  it('finds numbers by any part of the number', () => {
    expect(searchSorted(['+447700900222', '+447700900111', '+4915100000'], '900', same)).toEqual(['+447700900111', '+447700900222']);
  });

  it('returns nothing when nothing matches, and leaves the input alone', () => {
    const input = [...names];
    expect(searchSorted(input, 'zz', same)).toEqual([]);
    expect(input).toEqual(names);
  });
});
