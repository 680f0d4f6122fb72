/**
 * Who sent a message, from what the browser says about the sender (which a page cannot forge):
 * one of this extension's own pages (the popup, opened as a popup or in a tab), or this
 * extension's content script in a Sales Navigator tab. Anything else is nobody we talk to.
 */
import type { Browser } from 'wxt/browser';
import type { SenderKind } from '../messages.ts';

export interface ExtensionIdentity {
  extensionId: string;
  /** `runtime.getURL('/')`: chrome-extension://<id>/ (moz-extension://<uuid>/ in Firefox). */
  extensionUrl: string;
}

export function classifySender(sender: Browser.runtime.MessageSender, self: ExtensionIdentity): SenderKind | null {
  if (sender.id !== self.extensionId) return null;
  const url = sender.url ?? '';
  if (url.startsWith(self.extensionUrl)) return 'extension-page';
  if (sender.tab && isSalesPage(url)) return 'content-script';
  return null;
}

/** Where the content script runs (its manifest match `*://*.linkedin.com/sales/*`). */
function isSalesPage(url: string): boolean {
  try {
    const { protocol, hostname, pathname } = new URL(url);
    const onLinkedIn = hostname === 'linkedin.com' || hostname.endsWith('.linkedin.com');
    return (protocol === 'https:' || protocol === 'http:') && onLinkedIn && pathname.startsWith('/sales/');
  } catch {
    return false;
  }
}
