import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Form, ResourceContextProvider } from 'react-admin';
import { SearchInput } from '../../src/components/SearchInput';
import { renderInAdmin } from './render';

describe('SearchInput', () => {
  it('shows its placeholder key translated, not the raw key', async () => {
    renderInAdmin(
      <Form>
        <SearchInput source="q" placeholder="resources.data.export" alwaysOn />
      </Form>,
    );
    expect(await screen.findByPlaceholderText('Export CSV')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('resources.data.export')).toBeNull();
    // No visible label: the box is named by the same words.
    expect(screen.getByRole('textbox', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it("falls back to react-admin's 'Search' for a resource without its own search words", async () => {
    renderInAdmin(
      <ResourceContextProvider value="admin/jobs">
        <Form>
          <SearchInput source="q" />
        </Form>
      </ResourceContextProvider>,
    );
    expect(await screen.findByPlaceholderText('Search')).toBeInTheDocument();
  });
});
