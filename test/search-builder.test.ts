import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleMessage } from '../lib/background/handle-message.ts';
import type { ErrorReply, ExtractionStartedReply, Message, ReplyFor } from '../lib/messages.ts';
import { pageKind } from '../lib/salesnav/page-kind.ts';
import { searchBuilderActions } from '../lib/search-builder/popup-actions.ts';
import { backgroundHarness } from './support/background-harness.ts';
import { BASE_URL, VALID_KEY } from './support/fake-service.ts';

const id = fakeBrowser.runtime.id;
const popup: Browser.runtime.MessageSender = { id, url: `chrome-extension://${id}/popup.html` };
const content = {
  id,
  url: 'https://www.linkedin.com/sales/search/people?x=1',
  tab: { id: 7 },
} as Browser.runtime.MessageSender;

/** The harness's background behind the real message handler, as the popup reaches it. */
function background() {
  const h = backgroundHarness();
  const ctx = { extensionId: id, extensionUrl: `chrome-extension://${id}/`, version: '1.0.0', services: h.services };
  const send = (raw: unknown, sender = popup) => handleMessage(raw, sender, ctx);
  const builderCalls = () => h.service.requests.filter((r) => new URL(r.url).pathname === '/v1/search-builder/');
  return { h, send, builderCalls };
}

const build = (description: string, searchType: 'LEAD' | 'ACCOUNT' = 'LEAD') =>
  ({ type: 'build-search', description, searchType }) as const;

describe('build-search in the background', () => {
  it('asks the service with the saved key and answers the URL and the filters, never the key', async () => {
    const { h, send, builderCalls } = background();
    await h.configure();
    const reply = await send(build('CTOs in France, not Paris'));
    expect(reply).toMatchObject({
      ok: true,
      filtersUsed: { CURRENT_TITLE: ['Chief Technology Officer'], REGION: ['France', 'NOT Paris'] },
    });
    expect(pageKind((reply as { url: string }).url)).toBe('people-search');
    expect(JSON.stringify(reply)).not.toContain(VALID_KEY);
    const [call] = builderCalls();
    expect(call).toMatchObject({
      method: 'POST',
      url: `${BASE_URL}/v1/search-builder/`,
      headers: { authorization: `Bearer ${VALID_KEY}` },
      body: { description: 'CTOs in France, not Paris', search_type: 'LEAD' },
    });
  });

  it('builds an account search', async () => {
    const { h, send, builderCalls } = background();
    await h.configure();
    const reply = await send(build('Fintech companies in Germany', 'ACCOUNT'));
    expect(reply.ok).toBe(true);
    expect(pageKind((reply as { url: string }).url)).toBe('company-search');
    expect(builderCalls()[0]?.body).toEqual({ description: 'Fintech companies in Germany', search_type: 'ACCOUNT' });
  });

  it('is not the content script’s to ask', async () => {
    const { h, send, builderCalls } = background();
    await h.configure();
    await expect(send(build('CTOs in France'), content)).resolves.toMatchObject({
      ok: false,
      error: { type: 'forbidden_sender' },
    });
    expect(builderCalls()).toHaveLength(0);
  });

  it('says to enter a key when none is saved, without calling the service', async () => {
    const { send } = background();
    await expect(send(build('CTOs in France'))).resolves.toEqual({
      ok: false,
      error: {
        type: 'not_configured',
        message: 'No API key is saved yet.',
        next: 'Open Settings and enter your API key.',
      },
    });
  });

  it('says the service does not answer and how to start it, after one quick retry', async () => {
    const { h, send, builderCalls } = background();
    await h.configure();
    h.service.setDown(true);
    await expect(send(build('CTOs in France'))).resolves.toEqual({
      ok: false,
      error: {
        type: 'unreachable',
        message: `The Leadforge service at ${BASE_URL} does not answer.`,
        next: 'Start it (npm start) or check the address in Settings.',
      },
    });
    expect(builderCalls()).toHaveLength(2);
  });

  it.each(['', '   ', 'CTO Paris'])(
    'turns the service’s 422 for the description %j into what to write',
    async (text) => {
      const { h, send, builderCalls } = background();
      await h.configure();
      const reply = await send(build(text));
      expect(reply).toEqual({
        ok: false,
        error: {
          type: 'ValidationError',
          message: 'The description is too short: the search builder needs at least 10 characters.',
          next: expect.stringMatching(/^Describe who you are looking for in a few words/),
        },
      });
      // It was the service that refused it, once: a 422 is not retried.
      expect(builderCalls()).toHaveLength(1);
    },
  );

  it('says the key was refused, and where keys come from', async () => {
    const { h, send } = background();
    await h.configure('lf_test_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ');
    await expect(send(build('CTOs in France'))).resolves.toMatchObject({
      ok: false,
      error: {
        type: 'AuthenticationError',
        message: `The service at ${BASE_URL} did not accept this API key.`,
        next: expect.stringMatching(/^Check the key/),
      },
    });
  });

  it('says the service is older than the search builder, not that an item is gone', async () => {
    const { h, send } = background();
    await h.configure();
    h.service.searchBuilder.available = false;
    await expect(send(build('CTOs in France'))).resolves.toEqual({
      ok: false,
      error: {
        type: 'NotFound',
        message: `The service at ${BASE_URL} has no search builder: it is older than this extension.`,
        next: expect.stringMatching(/^Update the service/),
      },
    });
  });

  it.each([
    ['another site', 'https://evil.test/sales/search/people?query=(keywords%3Acto)'],
    ['a script', 'javascript:alert(1)'],
    ['an account search for a lead search', 'https://www.linkedin.com/sales/search/company?query=(keywords%3Acto)'],
  ])('refuses an answer whose URL is %s: the popup would open it', async (_, url) => {
    const { h, send } = background();
    await h.configure();
    h.service.searchBuilder.url = url;
    await expect(send(build('CTOs in France'))).resolves.toMatchObject({
      ok: false,
      error: { type: 'bad_response', next: expect.stringMatching(/^Update the extension and the service/) },
    });
  });

  it('asks for the host permission first when the service is elsewhere', async () => {
    const { h, send, builderCalls } = background();
    const { saveSettings } = await import('../lib/db/settings-store.ts');
    await saveSettings(h.db, 'https://leadforge.example.com', VALID_KEY, h.clock.now());
    await expect(send(build('CTOs in France'))).resolves.toMatchObject({
      ok: false,
      error: { type: 'permission_missing', next: expect.stringMatching(/^Press Save in Settings/) },
    });
    expect(builderCalls()).toHaveLength(0);
  });

  it('makes a URL that extracts as a lead search named after the description', async () => {
    const { h, send } = background();
    await h.configure();
    const built = await send(build('CTOs in France'));
    if (!built.ok || !('url' in built)) throw new Error('no search was built');
    const started = await send({
      type: 'start-extraction',
      requestId: '0190c9e2-7a5b-7c3d-8e9f-0a1b2c3d4e5f',
      pageUrl: built.url,
      name: 'CTOs in France',
      enrich: 'matching',
    });
    expect(started).toMatchObject({ ok: true, job: { name: 'CTOs in France', what: 'Lead search' } });
    const create = h.service.requests.find((r) => new URL(r.url).pathname === '/v1/extractions/url/');
    expect(create?.body).toEqual({ linkedin_url: built.url, search_name: 'CTOs in France', enrich_email: 'matching' });
  });
});

describe('the search builder’s actions in the popup', () => {
  type Send = <M extends Message>(message: M) => Promise<ReplyFor<M['type']> | ErrorReply>;
  const STARTED = {
    ok: true,
    job: {
      id: 'extraction:e-1',
      source: 'extraction',
      remoteId: 'e-1',
      name: 'CTOs in France',
      what: 'Lead search',
      state: 'queued',
      status: 'ACCEPTED',
      progress: 0,
      total: null,
      produced: null,
      failure: null,
      createdAt: 1,
      cached: null,
    },
    prospect: null,
  } satisfies ExtractionStartedReply;

  function ports(answer: (message: Message) => unknown) {
    const sent: Message[] = [];
    const opened: string[] = [];
    const send = (async (message: Message) => {
      sent.push(message);
      return answer(message);
    }) as Send;
    const onStarted = vi.fn();
    const actions = searchBuilderActions(
      {
        send,
        openTab: async (url) => {
          if (url.includes('broken')) throw new Error('No tab with id: 3.');
          opened.push(url);
        },
        newRequestId: () => 'id-1',
      },
      onStarted,
    );
    return { actions, sent, opened, onStarted };
  }

  it('builds through the background and shows its refusal with the next step', async () => {
    const refusal = { ok: false, error: { type: 'unreachable', message: 'Down.', next: 'Start it.' } };
    const { actions, sent } = ports(() => refusal);
    await expect(actions.build('CTOs in France', 'LEAD')).resolves.toEqual({
      ok: false,
      notice: { message: 'Down.', next: 'Start it.' },
    });
    expect(sent).toEqual([{ type: 'build-search', description: 'CTOs in France', searchType: 'LEAD' }]);
  });

  it('gives the background’s own refusals a next step too', async () => {
    const { actions } = ports(() => ({
      ok: false,
      error: { type: 'internal_error', message: 'The background did not answer: Receiving end does not exist.' },
    }));
    const answer = await actions.build('CTOs in France', 'LEAD');
    expect(answer).toEqual({
      ok: false,
      notice: {
        message: 'The background did not answer: Receiving end does not exist.',
        next: 'Close the popup, open it again, and try again.',
      },
    });
  });

  it('extracts the URL with start-extraction, and hands the job on only when it started', async () => {
    const { actions, sent, onStarted } = ports(() => STARTED);
    const request = { requestId: 'r-1', url: 'https://www.linkedin.com/sales/search/people?query=()', name: 'CTOs' };
    await expect(actions.extract({ ...request, enrich: 'matching' })).resolves.toBeNull();
    expect(sent).toEqual([
      { type: 'start-extraction', requestId: 'r-1', pageUrl: request.url, name: 'CTOs', enrich: 'matching' },
    ]);
    expect(onStarted).toHaveBeenCalledWith(STARTED);

    const refused = ports(() => ({
      ok: false,
      error: { type: 'InsufficientCredits', message: 'Out of credits.', next: 'Add credits.' },
    }));
    await expect(refused.actions.extract({ ...request, enrich: 'none' })).resolves.toEqual({
      message: 'Out of credits.',
      next: 'Add credits.',
    });
    expect(refused.onStarted).not.toHaveBeenCalled();
  });

  it('opens the search in a tab, and says so when the browser would not', async () => {
    const { actions, opened } = ports(() => null);
    await expect(actions.open('https://www.linkedin.com/sales/search/people?query=()')).resolves.toBeNull();
    expect(opened).toEqual(['https://www.linkedin.com/sales/search/people?query=()']);
    await expect(actions.open('https://www.linkedin.com/broken')).resolves.toEqual({
      message: 'The browser did not open the search: No tab with id: 3.',
      next: expect.stringMatching(/^Press Open in a tab again/),
    });
  });
});
