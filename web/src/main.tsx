import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { reloadOnStaleBuild } from './lib/stale-build';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

reloadOnStaleBuild();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
