/**
 * Every way a call can fail, in words a user understands, with a next step. One entry per
 * error type of the registry (lib/contract/errors.ts), so a new type fails the typecheck here.
 */
import type { ErrorType } from '../contract/errors.ts';
import { type Problem, problem } from '../problem.ts';
import type { ApiFailure } from './failure.ts';

type Words = { message: string; next: string };

const BY_TYPE: Record<ErrorType, (service: string) => Words> = {
  AuthenticationError: (service) => ({
    message: `The service at ${service} did not accept this API key.`,
    next: 'Check the key: npm start prints one on its first start, and the command leadforge keys create makes a new one.',
  }),
  InsufficientCredits: () => ({
    message: 'Your account has run out of credits.',
    next: 'Add credits (leadforge credits grant) or ask whoever runs your service, then try again.',
  }),
  NotFound: () => ({
    message: 'The service no longer knows this item; it may have been deleted.',
    next: 'Refresh the popup; if a seat is missing, press Reconnect.',
  }),
  NoUsableSeat: () => ({
    message: 'No Sales Navigator seat can be used right now.',
    next: 'Log in to Sales Navigator in this browser so Leadforge reconnects your seat, or wait for a seat’s daily quota to free up.',
  }),
  QuotaExceeded: () => ({
    message: 'Your seats have reached today’s extraction limit.',
    next: 'Try again when the quota frees up (it counts the last 24 hours), or connect another seat.',
  }),
  RateLimited: () => ({
    message: 'The service is receiving too many requests from your account.',
    next: 'Wait a moment, then try again.',
  }),
  DependencyUnavailable: () => ({
    message: 'Something the service depends on is unavailable right now.',
    next: 'Try again in a few minutes.',
  }),
  InternalError: () => ({
    message: 'The service ran into an unexpected error.',
    next: 'Try again; if it keeps happening, look at the service’s logs.',
  }),
  ValidationError: () => ({
    message: 'The service refused the request as invalid.',
    next: 'Update the extension and the service to the same version; if they match, report this.',
  }),
  MethodNotAllowed: mismatch,
  PayloadTooLarge: mismatch,
  UnsupportedMediaType: mismatch,
};

function mismatch(service: string): Words {
  return {
    message: `The service at ${service} and this extension do not speak the same version of the API.`,
    next: 'Update the extension and the service to the same version.',
  };
}

export function unreachable(service: string): Problem {
  return problem(
    'unreachable',
    `The Leadforge service at ${service} does not answer.`,
    'Start it (npm start) or check the address in Settings.',
  );
}

export function describeFailure(failure: ApiFailure, service: string): Problem {
  if (failure.kind === 'network') return unreachable(service);
  if (failure.kind === 'bad_response' || failure.error === null) {
    // A proxy's 502/503/504 page means the service behind it is down, not that it is foreign.
    if (failure.kind === 'http' && failure.status >= 502 && failure.status <= 504) return unreachable(service);
    return problem(
      'bad_response',
      `The address ${service} answered, but not as a Leadforge service.`,
      'Check the address in Settings, and that the service and the extension are the same version.',
    );
  }
  const { type, details } = failure.error;
  if (type === 'ValidationError' && details?.some((d) => d.rule === 'session_in_use')) {
    return problem(
      'session_in_use',
      'This browser’s Sales Navigator session is already connected as another seat.',
      'Log in to Sales Navigator as the user of the seat to reconnect, then press Reconnect.',
    );
  }
  const words = BY_TYPE[type](service);
  const seconds = failure.retryAfterMs === undefined ? undefined : Math.ceil(failure.retryAfterMs / 1000);
  if (seconds === undefined) return { kind: type, ...words };
  return {
    kind: type,
    ...words,
    next: `${words.next} (The service asks to wait ${seconds} s.)`,
    retryAfterSeconds: seconds,
  };
}
