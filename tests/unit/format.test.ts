import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatLocation,
  formatName,
  formatPhone,
  formatRange,
  formatText,
  formatTimeAgo,
  formatUsd,
  formatWebsite,
  isMissing,
  mailtoHref,
  presentValues,
  websiteHref,
} from '@/lib/format';

describe('isMissing', () => {
  it.each([null, undefined, '', '  ', 'NaN', 'nan', ' NaN ', Number.NaN])('treats %j as missing', (value) => {
    expect(isMissing(value)).toBe(true);
  });
  it.each(['0', 0, 'Seed', 'Nantes', 12])('treats %j as present', (value) => {
    expect(isMissing(value)).toBe(false);
  });
});

describe('formatText', () => {
  it('shows the text trimmed, or - when it is NaN', () => {
    expect(formatText('  Partner ')).toBe('Partner');
    expect(formatText('NaN')).toBe('-');
    expect(formatText('')).toBe('-');
  });
});

describe('formatPhone', () => {
  it('adds exactly one leading +', () => {
    expect(formatPhone('14155550100')).toBe('+14155550100');
    expect(formatPhone('+14155550100')).toBe('+14155550100');
    expect(formatPhone(' 44 20 7946 0018')).toBe('+44 20 7946 0018');
  });
  it('shows - for NaN, empty or a lone +', () => {
    expect(formatPhone('NaN')).toBe('-');
    expect(formatPhone('')).toBe('-');
    expect(formatPhone('+')).toBe('-');
  });
});

describe('formatUsd', () => {
  it('formats dollars without decimals and with en-US separators', () => {
    expect(formatUsd(1500000)).toBe('$1,500,000');
    expect(formatUsd(999.6)).toBe('$1,000');
    expect(formatUsd('2500000')).toBe('$2,500,000');
    expect(formatUsd(0)).toBe('$0');
  });
  it('rounds and groups as Intl.NumberFormat does, negative amounts included', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    for (const amount of [1, 999.5, 1000, 999999.5, 123456.49, 1e12, -0.5, -2.5, -1500000, -999.6]) {
      expect(formatUsd(amount)).toBe(intl.format(amount));
    }
  });
  it('shows - for NaN text, NaN numbers and non-numbers', () => {
    expect(formatUsd('NaN')).toBe('-');
    expect(formatUsd(Number.NaN)).toBe('-');
    expect(formatUsd('n/a')).toBe('-');
    expect(formatUsd(null)).toBe('-');
  });
});

describe('formatCount', () => {
  it('uses en-US thousands separators', () => {
    expect(formatCount(12500)).toBe('12,500');
    expect(formatCount('1234567')).toBe('1,234,567');
    expect(formatCount(7)).toBe('7');
    expect(formatCount('NaN')).toBe('-');
  });
  it('rounds and groups as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const count of [0, 12.5, 999, 1000, 1234567.8, -4321, -1.5, 9007199254740991]) {
      expect(formatCount(count)).toBe(intl.format(count));
    }
  });
});

describe('formatLocation', () => {
  it('joins the parts that are present, skipping empty and NaN ones', () => {
    expect(formatLocation('California', 'United States', 'San Francisco')).toBe('California, United States, San Francisco');
    expect(formatLocation('NaN', 'Germany', 'Berlin')).toBe('Germany, Berlin');
    expect(formatLocation('', 'NaN', ' Paris ')).toBe('Paris');
    expect(formatLocation('NaN', '', undefined)).toBe('-');
  });
});

describe('formatRange', () => {
  it('shows min - max as dollars', () => {
    expect(formatRange(100000, 2000000)).toBe('$100,000 - $2,000,000');
  });
  it('says which side is known when only one is', () => {
    expect(formatRange(100000, 'NaN')).toBe('from $100,000');
    expect(formatRange('NaN', 5000000)).toBe('up to $5,000,000');
    expect(formatRange('NaN', 'NaN')).toBe('-');
  });
});

describe('websites and names', () => {
  it('links a bare domain over https and shows it without scheme or www', () => {
    expect(websiteHref('acme.vc')).toBe('https://acme.vc');
    expect(websiteHref('http://acme.vc/')).toBe('http://acme.vc/');
    expect(websiteHref('NaN')).toBeNull();
    expect(formatWebsite('https://www.acme.vc/')).toBe('acme.vc');
    expect(formatWebsite('NaN')).toBe('-');
  });
  it('encodes a mailto: link so that an address never carries headers', () => {
    expect(mailtoHref(' ada@acme.vc ')).toBe('mailto:ada@acme.vc');
    expect(mailtoHref('a@fund.com?bcc=x@evil.com')).toBe('mailto:a@fund.com%3Fbcc%3Dx@evil.com');
    expect(mailtoHref('a&cc=b@fund.com')).toBe('mailto:a%26cc%3Db@fund.com');
    expect(new URL(mailtoHref('a@fund.com?bcc=x@evil.com')).search).toBe('');
  });
  it('joins the present parts of a name', () => {
    expect(formatName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(formatName('NaN', 'Lovelace')).toBe('Lovelace');
    expect(formatName('NaN', '')).toBe('-');
  });
  it('drops missing entries of list fields', () => {
    expect(presentValues(['Seed', 'NaN', '', ' Early Stage '])).toEqual(['Seed', 'Early Stage']);
    expect(presentValues(undefined)).toEqual([]);
  });

  it('says how long ago in the largest whole unit', () => {
    const now = Date.parse('2026-03-12T12:00:00Z');
    const ago = (ms: number) => formatTimeAgo(new Date(now - ms).toISOString(), now);
    expect(ago(30_000)).toBe('just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(59 * 60_000)).toBe('59 minutes ago');
    expect(ago(2 * 3_600_000 + 59 * 60_000)).toBe('2 hours ago');
    expect(ago(49 * 3_600_000)).toBe('2 days ago');
  });
});
