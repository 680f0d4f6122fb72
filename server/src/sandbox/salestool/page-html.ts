/**
 * The simulated tool's HTML: plain server-rendered pages at the paths a browser visits. They carry
 * what the extension reads from a real page (a title, a result count, names), marked with `data-x`
 * attributes so tests can find them, and nothing else of LinkedIn's markup, which changes weekly.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML element or attribute. */
export const esc = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface PageParts {
  title: string;
  /** Already-escaped HTML of the page's body. */
  body: string;
  /** The member's name for the header, when signed in. */
  signedInAs?: string;
  /** `data-page` on <main>: what kind of page this is. */
  kind: string;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d2226}
header{background:#0a66c2;color:#fff;padding:8px 16px;display:flex;gap:16px;align-items:center}
header a{color:#fff}main{padding:16px;max-width:960px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left}
.muted{color:#666}form label{display:block;margin:8px 0}`;

export function layout(parts: PageParts): string {
  const who = parts.signedInAs
    ? `<span data-x="member">${esc(parts.signedInAs)}</span> <a href="/logout">Sign out</a>`
    : '<a href="/login">Sign in</a>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(parts.title)} | Sales Navigator</title>
<style>${STYLE}</style></head>
<body><header><strong>Sales Navigator</strong> <span class="muted">(Leadforge sandbox)</span>
<a href="/sales/home">Home</a><a href="/sales/search/people">Lead search</a><a href="/sales/search/company">Account search</a>
<span style="margin-left:auto">${who}</span></header>
<main data-page="${esc(parts.kind)}">${parts.body}</main></body></html>`;
}

/** A `#query=` search URL (the older form) reaches the server without its query: move it to `?query=`. */
export const HASH_QUERY_SCRIPT = `<script>
if (location.hash.startsWith('#query=') && !location.search.includes('query=')) {
  location.replace(location.pathname + '?' + location.hash.slice(1));
}
</script>`;

export function table(headings: string[], rows: string[][]): string {
  const head = headings.map((h) => `<th>${esc(h)}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}
