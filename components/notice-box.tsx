import type { Notice } from '../lib/popup/popup-store.ts';

/** A problem in plain words, with what to do next. */
export function NoticeBox({ notice, testId = 'notice' }: { notice: Notice; testId?: string }) {
  return (
    <div class="notice" role="alert" data-testid={testId}>
      <p class="notice-message">{notice.message}</p>
      {notice.next && <p class="notice-next">{notice.next}</p>}
    </div>
  );
}
