import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PopupApp } from '../../components/popup-app.tsx';
import { createJobsStore } from '../../lib/popup/jobs-store.ts';
import { browserPopupPorts } from '../../lib/popup/popup-ports.ts';
import { createPopupStore } from '../../lib/popup/popup-store.ts';
import type { SearchPorts } from '../../lib/search-builder/popup-actions.ts';
import './style.css';

const ports = browserPopupPorts();
const search: SearchPorts = {
  send: ports.send,
  // A new tab needs no permission; the background checked that the URL is a Sales Navigator search.
  openTab: (url) => browser.tabs.create({ url }),
  newRequestId: () => crypto.randomUUID(),
};
render(
  <PopupApp store={createPopupStore(ports)} jobs={createJobsStore(ports)} search={search} />,
  document.getElementById('app')!,
);
