import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { stopSystems } from './renderWithSystem';

// Without vitest globals Testing Library cannot clean up by itself: unmount and stop the actors.
afterEach(() => {
  cleanup();
  stopSystems();
  localStorage.clear();
});
