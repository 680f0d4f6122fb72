/** Small formatters the columns share: how dates, tenures, money and lists read in a record. */
import type { Money, YearMonth } from './facts.ts';

/** `2019-03`, or `2019` when the month is unknown. */
export function yearMonth(date: YearMonth | undefined): string | null {
  if (date?.year === undefined) return null;
  return date.month === undefined ? String(date.year) : `${date.year}-${String(date.month).padStart(2, '0')}`;
}

/** Lists in one cell are joined with "; " (commas occur inside the items). */
export function joined(items: readonly (string | undefined | null)[]): string | null {
  const present = items.filter((item): item is string => typeof item === 'string' && item !== '');
  return present.length > 0 ? present.join('; ') : null;
}

const UNIT: Record<string, string> = { THOUSAND: 'K', MILLION: 'M', BILLION: 'B' };

/** `10M-50M USD`; one bound when the tool gives one. */
export function revenueRange(min: Money | undefined, max: Money | undefined): string | null {
  const show = (m: Money) => `${m.amount}${m.unit ? (UNIT[m.unit.toUpperCase()] ?? ` ${m.unit}`) : ''}`;
  const currency = min?.currency ?? max?.currency;
  const suffix = currency ? ` ${currency}` : '';
  if (min && max) return `${show(min)}-${show(max)}${suffix}`;
  if (min) return `${show(min)}+${suffix}`;
  if (max) return `up to ${show(max)}${suffix}`;
  return null;
}

/** The host of a website, without `www.`: what the email finder takes as the company domain. */
export function domainOf(website: string | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
