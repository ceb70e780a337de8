import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

type Router = ComponentType<{ children: ReactNode }>;

/** The app inside a router: the browser's, or the server's for the one page it draws (entry-server.tsx). */
export function AppIn({ router: Router }: { router: Router }) {
  return (
    <AppProvider>
      <Router>
        <AppRoutes />
      </Router>
    </AppProvider>
  );
}

export function App() {
  return <AppIn router={BrowserRouter} />;
}
