import { request } from 'node:https';
import type { App } from '../../src/app/app.ts';
import { SALES_TOOL_HOST } from '../../src/sandbox/salestool/server.ts';
import { VALID_SESSION } from './app.ts';

export interface SessionIn {
  li_at: string;
  jsessionid: string;
  li_a: string;
  user_agent: string;
}

/**
 * Signs a sandbox member in on the app's simulated sales tool (`/login?as=`), over HTTPS as a
 * browser would, and returns the session cookies as the extension sends them to POST /v1/seats/.
 * Each call is a new sign-in: a new li_at for the same member.
 */
export async function sandboxSession(app: App, member = 'demo'): Promise<SessionIn> {
  const tool = await app.worlds.salesToolServer();
  const cookies = await new Promise<string[]>((resolve, reject) => {
    const url = new URL(`/login?as=${encodeURIComponent(member)}`, tool.baseUrl);
    const req = request(url, {
      ca: tool.certificatePem,
      servername: SALES_TOOL_HOST,
      headers: { host: SALES_TOOL_HOST },
    });
    req.on('response', (res) => {
      res.resume();
      if (res.statusCode !== 302) reject(new Error(`sign-in as ${member} answered ${res.statusCode}`));
      else resolve(res.headers['set-cookie'] ?? []);
    });
    req.on('error', reject);
    req.end();
  });
  const value = (name: string) => {
    const line = cookies.find((c) => c.startsWith(`${name}=`));
    if (!line) throw new Error(`the sign-in set no ${name} cookie`);
    return (line.split(';')[0] ?? '').slice(name.length + 1);
  };
  return {
    li_at: value('li_at'),
    jsessionid: value('JSESSIONID'),
    li_a: value('li_a'),
    user_agent: VALID_SESSION.user_agent,
  };
}
