/**
 * The service's base URL: parsing what the user typed, and which host permission reaching it
 * needs. The local companion (127.0.0.1 or localhost over http, any port) is in the manifest's
 * host_permissions; any other host is an optional permission asked for from a click in the popup.
 */

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; message: string };

/** A usable base URL, normalised: scheme, host, port and path prefix, no trailing slash. */
export function parseBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter the address of your Leadforge service.' };
  if (!/^https?:\/\//i.test(text)) {
    return { ok: false, message: 'The address must start with http:// or https://.' };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'That is not a web address.' };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'Leave the user name and password out of the address; the API key is enough.' };
  }
  if (url.search || url.hash) {
    return { ok: false, message: 'The address must not contain ? or #.' };
  }
  return { ok: true, baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** Whether the manifest's own host_permissions already cover this base URL. */
export function isLocalCompanion(baseUrl: string): boolean {
  const url = new URL(baseUrl);
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

/** The match pattern to request for a base URL. Chrome's patterns carry no port: they match every port. */
export function hostPermissionPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
