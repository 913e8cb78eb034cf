import { createRoot } from 'react-dom/client';
import { initTheme } from '@portal/ui';
import { App } from './App.js';

initTheme();
createRoot(document.getElementById('root')!).render(<App />);
