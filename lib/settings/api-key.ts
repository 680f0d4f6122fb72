/**
 * API keys as the user pastes them. The service is the judge of a key; this only catches what is
 * plainly not a key, so the user hears about a stray space before a round trip.
 */

/** `lf_test_` or `lf_live_` and 32 base64url characters (docs/decisions.md, Authentication). */
const KEY_FORM = /^lf_(test|live)_[A-Za-z0-9_-]{32}$/;

export type ApiKeyCheck = { ok: true; apiKey: string } | { ok: false; message: string };

export function checkApiKeyForm(input: string): ApiKeyCheck {
  const apiKey = input.trim();
  if (apiKey === '') return { ok: false, message: 'Enter your API key.' };
  if (!KEY_FORM.test(apiKey)) {
    return {
      ok: false,
      message: 'That is not a Leadforge API key: a key is lf_test_ or lf_live_ followed by 32 letters, digits, - or _.',
    };
  }
  return { ok: true, apiKey };
}

/**
 * What the popup may show of a saved key: its kind and last four characters. The key itself is
 * never sent back to a view.
 */
export function keyHint(apiKey: string): string {
  const prefix = apiKey.startsWith('lf_live_') ? 'lf_live_' : apiKey.startsWith('lf_test_') ? 'lf_test_' : '';
  return `${prefix}…${apiKey.slice(-4)}`;
}
