import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ name: 'sqlite' }, { seed: false });
  });
  afterAll(async () => t?.close());

  it('describes the PUT bodies that take back their GET answer as their objects', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    const body = doc.paths['/api/pages/{id}'].put.requestBody.content['application/json'].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
    expect(schema.properties).toHaveProperty('captureEmail');
    expect(schema.additionalProperties).toBe(false);
  });
});
