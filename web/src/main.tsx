import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './styles/global.css';
// Shared classes: after global.css (its base rules must not win over them), before any screen's CSS.
import './styles/menu-link.css';
import './styles/truncate.css';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
