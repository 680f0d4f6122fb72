import { render } from 'preact';
import { PopupShell } from '../../components/popup-shell.tsx';
import { sendToBackground } from '../../lib/background/send-message.ts';
import './style.css';

// Defined once, outside render, so PopupShell's effect runs once rather than on every render.
const ping = () => sendToBackground({ type: 'ping' });

render(<PopupShell ping={ping} />, document.getElementById('app')!);
