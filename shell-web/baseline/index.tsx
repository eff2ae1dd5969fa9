// The size baseline (npm run size): a plain rspack app, without lazy routes or anything
// of the signed-in area, that renders the shell's login screen with the same providers.
import '../src/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '../src/Providers';
import Login from '../src/public/login/Login';

const router = createBrowserRouter([{ path: '/', element: <Login /> }]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
