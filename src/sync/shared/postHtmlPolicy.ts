/**
 * Which markup a user without `unfiltered_html` may not put into a post. WordPress runs its HTML
 * filter (kses) on such a user's own saves: the title keeps only the tags of `$allowedtags`,
 * content and excerpt those of `$allowedposttags`, event-handler attributes and script URLs never
 * survive. A shared edit is saved by whoever saves next, maybe an administrator whose saves are
 * not filtered, so the sync server refuses such markup when it arrives instead.
 *
 * The check is an allow-list of complete tags, stricter than kses (which strips and keeps the
 * rest): a tag still being typed (`<blockq`) is not a tag yet, so typing is never refused
 * half-way; the moment its `>` arrives it is judged.
 *
 * @module
 */
import type { HtmlAllowList } from '../../../core/entitySync.js';

/** Tags WordPress's `$allowedtags` keeps (the title filter, `wp_filter_kses`). */
const TITLE_TAGS = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'blockquote',
  'cite',
  'code',
  'del',
  'em',
  'i',
  'q',
  's',
  'strike',
  'strong',
]);

/** Tags WordPress's `$allowedposttags` keeps (content and excerpt, `wp_filter_post_kses`). */
const POST_TAGS = new Set([
  ...TITLE_TAGS,
  'address',
  'area',
  'article',
  'aside',
  'audio',
  'bdo',
  'big',
  'br',
  'button',
  'caption',
  'col',
  'colgroup',
  'dd',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'font',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'img',
  'ins',
  'kbd',
  'label',
  'legend',
  'li',
  'main',
  'map',
  'mark',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  'samp',
  'section',
  'small',
  'span',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'track',
  'tt',
  'u',
  'ul',
  'var',
  'video',
  'picture',
  'source',
]);

/** Which allow-list a text field is filtered with (an entity's `sync.htmlFields` names it per field). */
export type HtmlFieldKind = HtmlAllowList;

/** A complete start or end tag: name, then anything up to the closing `>` without another `<`. */
const TAG = /<\s*(\/?)\s*([A-Za-z][A-Za-z0-9:-]*)([^<>]*)>/g;
/** An event handler (`onclick=`), or an attribute that loads or submits elsewhere. */
const RISKY_ATTRIBUTE = /(?:^|[\s"'/])(on[a-z]+|formaction|srcdoc)\s*=/i;
/** A URL scheme that runs code, also when entity-encoded or split by whitespace. */
const SCRIPT_URL =
  /(?:j|&#0*106;|&#x0*6a;)\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:|vbscript\s*:|data\s*:\s*text\/html/i;

/**
 * The markup in `text` a user without `unfiltered_html` may not add, one entry per occurrence
 * (`<script>`, `onclick on <img>`, …). The guard compares these lists before and after an update,
 * so markup already there (an administrator's embed) does not block anyone's other typing.
 */
export function disallowedMarkup(text: string, kind: HtmlFieldKind): string[] {
  if (!text.includes('<')) return [];
  const allowed = kind === 'title' ? TITLE_TAGS : POST_TAGS;
  const found: string[] = [];
  for (const match of text.matchAll(TAG)) {
    const name = (match[2] as string).toLowerCase();
    const attributes = match[3] ?? '';
    if (!allowed.has(name)) {
      found.push(`<${match[1]}${name}>`);
      continue;
    }
    const risky = RISKY_ATTRIBUTE.exec(attributes);
    if (risky) found.push(`${(risky[1] as string).toLowerCase()}= on <${name}>`);
    if (SCRIPT_URL.test(attributes)) found.push(`script URL on <${name}>`);
  }
  return found;
}

/** The entries of `after` that `before` does not have as often (multiset difference). */
export function addedMarkup(before: readonly string[], after: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const entry of before) counts.set(entry, (counts.get(entry) ?? 0) + 1);
  const added: string[] = [];
  for (const entry of after) {
    const left = counts.get(entry) ?? 0;
    if (left > 0) counts.set(entry, left - 1);
    else added.push(entry);
  }
  return added;
}
