import { render } from 'preact';
import { PopupApp } from '../../components/popup-app.tsx';
import { browserPopupPorts } from '../../lib/popup/popup-ports.ts';
import { createPopupStore } from '../../lib/popup/popup-store.ts';
import './style.css';

render(<PopupApp store={createPopupStore(browserPopupPorts())} />, document.getElementById('app')!);
