import { useState } from 'preact/hooks';
import type { PageKind } from '../lib/salesnav/page-kind.ts';

/** The page kinds the control is shown on; 'unknown' pages get no control at all. */
export type KnownPageKind = Exclude<PageKind, 'unknown'>;

const KIND_LABELS: Record<KnownPageKind, string> = {
  'people-search': 'People search',
  'company-search': 'Account search',
  'lead-list': 'Lead list',
  'account-list': 'Account list',
  lead: 'Lead page',
  account: 'Account page',
};

/** The in-page control: one button; extraction arrives with the API client. */
export function SalesControl({ kind }: { kind: KnownPageKind }) {
  const [open, setOpen] = useState(false);
  return (
    <div class="lf-control">
      {open && (
        <p class="lf-note" role="status">
          {KIND_LABELS[kind]} — extraction is coming next.
        </p>
      )}
      <button type="button" class="lf-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Leadforge
      </button>
    </div>
  );
}
