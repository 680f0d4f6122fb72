import { render } from 'preact';
import { PopupApp } from '../../components/popup-app.tsx';
import { createJobsStore } from '../../lib/popup/jobs-store.ts';
import { browserPopupPorts } from '../../lib/popup/popup-ports.ts';
import { createPopupStore } from '../../lib/popup/popup-store.ts';
import './style.css';

const ports = browserPopupPorts();
render(<PopupApp store={createPopupStore(ports)} jobs={createJobsStore(ports)} />, document.getElementById('app')!);
