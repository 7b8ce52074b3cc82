// The screen kit's base rules first: every screen's own rules come after them and win a tie.
import './ui/screenKit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startScreenEarly } from './app/startScreenEarly.ts';
import { browserStorage } from './state/browserStorage.ts';
import { startPersistence } from './state/persistedSlices.ts';
import './app/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// SPEC point 2: nothing renders before the stored session is back (or the 5 s time-out passed).
void startPersistence(browserStorage()).then(() => {
  startScreenEarly(window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
