import type { FastifyInstance } from 'fastify';
import type { Accounts, AuthContext } from '../../accounts/accounts.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/** Every route registered in this scope needs an API key; the caller's account is `request.auth`. */
export function requireApiKey(scope: FastifyInstance, accounts: Accounts): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', async (request) => {
    request.auth = await accounts.authenticate(request.headers.authorization);
  });
}
