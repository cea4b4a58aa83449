import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { useZodResolver } from '../../src/forms/zodResolver';
import { submissionErrors } from '../../src/forms/submissionErrors';
import { ApiError } from '../../src/apiError';
import { adminUserSchema } from '#shared/domain/schemas/adminUsers';

const wrapper = ({ children }: { children: ReactNode }) => (
  <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
    {children}
  </AdminContext>
);

describe('forms', () => {
  it('checks a form with the shared schema and shows its messages as text, with their limits', async () => {
    const { result } = renderHook(() => useZodResolver(adminUserSchema), { wrapper });
    const resolve = result.current;
    const answer = await resolve({ firstName: 'E'.repeat(101), lastName: '', email: 'eddie@example.com' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(answer.errors.firstName?.message).toBe('Must be 100 characters or less');
    expect(answer.errors.lastName?.message).toBe('Required');
    const valid = await resolve({ firstName: 'Eddie', lastName: 'Editable', email: 'eddie@example.com' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(valid.errors).toEqual({});
  });

  it('hands react-admin the field errors of an API answer, without the upsell', () => {
    const error = new ApiError({
      status: 400,
      error: 'Bad Request',
      message: 'Invalid input',
      errors: [
        { path: 'slug', message: 'Already taken' },
        { path: 'links.primary', message: 'Must be a valid URL' },
        { path: 'upsell', message: 'more_pages' },
      ],
    });
    expect(submissionErrors(error)).toEqual({ slug: 'Already taken', 'links.primary': 'Must be a valid URL' });
    expect(submissionErrors(new Error('offline'))).toBeUndefined();
  });
});
