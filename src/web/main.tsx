import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { acceptDomainSuffixes } from '../shared/public-domain';
import App from './app/App';
import './index.css';

// The test build (`vite build --mode test`, src/web/.env.test) accepts the fakes' domains as the test server does.
if (import.meta.env.VITE_DOMAIN_EXTRA_SUFFIXES)
  acceptDomainSuffixes(import.meta.env.VITE_DOMAIN_EXTRA_SUFFIXES);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
