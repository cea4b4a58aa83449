import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A react-admin screen's first render takes seconds on a busy two-core machine: findBy* and
// waitFor wait for what the user would see up to this long, not Testing Library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
