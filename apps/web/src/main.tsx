import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './lib/i18n';
import { Providers } from './app/providers';
import { router } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { handleUnauthorized } from './features/auth/session';
import { setUnauthorizedListener } from './lib/api-client';

setUnauthorizedListener(handleUnauthorized);
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
