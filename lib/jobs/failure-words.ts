/**
 * Why a job stopped or paused, in words a user understands, with what to do next: the service's
 * failure_reason for extractions (api.md: insufficient_credits, auth_error, quota_exceeded,
 * invalid_urls), its error_message for finder and validation jobs.
 */
import type { JobNotice, JobState } from './job-view.ts';

export function extractionFailure(reason: string, state: JobState): JobNotice | null {
  if (state !== 'failed' && state !== 'paused') return null;
  switch (reason) {
    case 'insufficient_credits':
      return state === 'paused'
        ? {
            message: 'Paused: your account has no credits left.',
            next: 'It resumes by itself when credits are added (leadforge credits grant).',
          }
        : {
            message: 'Stopped: your account has no credits left.',
            next: 'Add credits (leadforge credits grant), then start the extraction again.',
          };
    case 'auth_error':
      return {
        message: 'Stopped: the seat’s Sales Navigator session expired.',
        next: 'Log in to Sales Navigator again and press Reconnect in Leadforge, then start it again. What was found so far can be downloaded.',
      };
    case 'quota_exceeded':
      return {
        message: 'Stopped: the daily extraction limit was reached.',
        next: 'The limit counts the last 24 hours: start it again later, or connect another seat.',
      };
    case 'invalid_urls':
      return {
        message: 'Sales Navigator could not open this search or list.',
        next: 'Check that the page still opens in Sales Navigator, then start again from it.',
      };
    default:
      return state === 'paused'
        ? { message: 'Paused by the service.', next: 'It resumes by itself; refresh later.' }
        : {
            message: 'The extraction did not finish.',
            next: 'Start it again; if it keeps failing, look at the service’s logs.',
          };
  }
}

/** A finder or validation job that failed as a whole. */
export function jobFailure(errorMessage: string | null, state: JobState): JobNotice | null {
  if (state !== 'failed') return null;
  if (errorMessage === 'insufficient_credits') {
    return { message: 'Stopped: your account has no credits left.', next: 'Add credits, then run the job again.' };
  }
  return {
    message: errorMessage ? `The job failed: ${errorMessage}.` : 'The job failed.',
    next: 'Run it again; if it keeps failing, look at the service’s logs.',
  };
}
