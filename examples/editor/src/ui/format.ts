/**
 * Small display helpers.
 *
 * @module
 */

/** The text of a field that WordPress may send as `{ raw, rendered }` or as a plain string. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const { raw, rendered } = value as { raw?: unknown; rendered?: unknown };
    if (typeof raw === 'string') return raw;
    if (typeof rendered === 'string') return rendered.replace(/<[^>]*>/g, '');
  }
  return '';
}

/** Decodes the HTML entities WordPress puts in rendered text (`&#8220;` → `“`). */
export function decodeEntities(html: string): string {
  if (!html.includes('&')) return html;
  const area = document.createElement('textarea');
  area.innerHTML = html;
  return area.value;
}

/** Plain text of a field: its raw text, or its rendered HTML without tags and entities. */
export function plainText(value: unknown): string {
  if (value && typeof value === 'object' && typeof (value as { raw?: unknown }).raw !== 'string') {
    const rendered = (value as { rendered?: unknown }).rendered;
    if (typeof rendered === 'string') return decodeEntities(rendered.replace(/<[^>]*>/g, '')).trim();
  }
  return textOf(value);
}

/** One formatter for every date shown: `toLocaleString` would build a new one per call. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A WordPress date (`2026-11-21T10:00:00`, site time) as a short human date and time. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return DATE_FORMAT.format(date);
}

/** Milliseconds since the epoch of a WordPress GMT date (`…_gmt` fields carry no zone). */
export function gmtTime(value: unknown): number {
  return typeof value === 'string' && value !== ''
    ? Date.parse(value.endsWith('Z') ? value : `${value}Z`)
    : Number.NaN;
}
