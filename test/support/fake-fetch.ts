import type { FetchLike } from '../../lib/api/client.ts';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** One scripted answer: a response, a thrown error (a network failure), or a function of the request. */
export type Answer = Response | Error | ((request: RecordedRequest) => Response | Promise<Response>);

/** A fetch that answers from a script, in order, and records every request. */
export function scriptedFetch(answers: Answer[]): FetchLike & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const request = record(url, init);
    requests.push(request);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`no scripted answer for ${request.method} ${url}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return Object.assign(fetch, { requests });
}

export function record(url: string, init: RequestInit): RecordedRequest {
  return {
    url,
    method: init.method ?? 'GET',
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    credentials: init.credentials,
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function apiError(status: number, type: string, message = 'x', extra: object = {}, headers = {}): Response {
  return json(status, { success: false, error: { type, message, ...extra } }, headers);
}

/** fetch's own failure when nothing answers. */
export const connectionRefused = () => new TypeError('Failed to fetch');
