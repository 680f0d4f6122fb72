import { render } from 'preact';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { SalesControl } from '../../components/sales-control.tsx';
import { sendToBackground } from '../../lib/background/send-message.ts';
import { readPageFacts } from '../../lib/page/page-facts.ts';
import { type PageKind, pageKind } from '../../lib/salesnav/page-kind.ts';
// Inlined as a string and handed to the shadow root: no CSS file in web_accessible_resources for
// LinkedIn to probe, and no fetch before the control can mount.
import styles from './style.css?inline';

export default defineContentScript({
  matches: ['*://*.linkedin.com/sales/*'],
  async main(ctx) {
    // The page being shown. Kept here rather than read from `location` in onMount:
    // wxt:locationchange can fire before `location.href` has changed to the new URL.
    let kind: PageKind = 'unknown';
    let pageUrl = location.href;

    const ui = await createShadowRootUi<HTMLElement>(ctx, {
      name: 'leadforge-control',
      position: 'inline',
      anchor: 'body',
      css: styles,
      onMount(container) {
        if (kind === 'unknown') return container;
        const known = kind;
        render(
          <SalesControl
            // A new page is a new control: nothing of the previous page's form carries over.
            key={pageUrl}
            kind={known}
            pageUrl={pageUrl}
            readFacts={() => readPageFacts(document, known)}
            // The background holds the key and calls the service; this script only asks it.
            start={(request) => sendToBackground({ type: 'start-extraction', ...request })}
            newRequestId={() => crypto.randomUUID()}
          />,
          container,
        );
        return container;
      },
      onRemove(container) {
        if (container) render(null, container);
      },
    });

    // Sales Navigator navigates without reloading: classify every new URL at once, show the control
    // only where the page kind is understood, and let autoMount wait for the DOM.
    const show = (url: URL) => {
      kind = pageKind(url);
      pageUrl = url.href;
      ui.remove();
      if (kind !== 'unknown') ui.autoMount();
    };
    show(new URL(location.href));
    ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl }) => show(newUrl));
  },
});
