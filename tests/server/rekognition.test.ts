import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModerationProvider, isAllowedBy } from '../../server/adapters/moderation';
import { RekognitionProvider } from '../../server/adapters/moderation/rekognition';
import { loadConfig } from '../../server/config';

interface Call {
  target: string | undefined;
  contentType: string | undefined;
  authorization: string;
  body: { Image?: { Bytes?: string }; MinConfidence?: number };
}

/** A local stand-in for Rekognition that speaks one call: DetectModerationLabels (JSON 1.1). */
function fakeRekognition(answers: object[]) {
  const calls: Call[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      calls.push({
        target: request.headers['x-amz-target'] as string,
        contentType: request.headers['content-type'],
        authorization: String(request.headers.authorization),
        body: JSON.parse(text) as Call['body'],
      });
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      if (request.headers['x-amz-target'] !== 'RekognitionService.DetectModerationLabels') {
        response.statusCode = 400;
        return response.end(JSON.stringify({ __type: 'UnknownOperationException', message: 'Only DetectModerationLabels here' }));
      }
      const next = answers.shift() ?? { ModerationLabels: [] };
      if ('__type' in next) response.statusCode = 400;
      response.end(JSON.stringify(next));
    });
  });
  return {
    calls,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the AWS Rekognition moderation driver against a local DetectModerationLabels server', () => {
  const answers: object[] = [];
  const fake = fakeRekognition(answers);
  let endpoint: string;
  let work: string;
  let frames: string[];

  beforeAll(async () => {
    endpoint = await fake.listen();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-rekognition-'));
    frames = [];
    for (const [i, color] of [
      { r: 200, g: 30, b: 30 },
      { r: 30, g: 30, b: 200 },
    ].entries()) {
      const file = path.join(work, `frame${i}.jpg`);
      await sharp({ create: { width: 2400, height: 1200, channels: 3, background: color } })
        .jpeg()
        .toFile(file);
      frames.push(file);
    }
  });
  afterAll(async () => {
    await fake.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('is chosen by MODERATION_PROVIDER=rekognition with its region and endpoint', () => {
    const config = loadConfig({
      MODERATION_PROVIDER: 'rekognition',
      REKOGNITION_REGION: 'eu-west-1',
      REKOGNITION_ENDPOINT: endpoint,
      LOG_LEVEL: 'silent',
    } as NodeJS.ProcessEnv);
    expect(config.rekognition).toMatchObject({ region: 'eu-west-1', endpoint });
    expect(createModerationProvider(config).name).toBe('rekognition');
    expect(createModerationProvider(loadConfig({} as NodeJS.ProcessEnv)).name).toBe('nsfwjs');
    expect(() => loadConfig({ MODERATION_PROVIDER: 'guess' } as NodeJS.ProcessEnv)).toThrow(/MODERATION_PROVIDER/);
  });

  it('sends each frame as a signed JSON 1.1 call and keeps each label at its highest confidence, from 0 to 1', async () => {
    answers.push(
      { ModerationModelVersion: '7.0', ModerationLabels: [{ Name: 'Violence', Confidence: 62.5, ParentName: '', TaxonomyLevel: 1 }] },
      {
        ModerationModelVersion: '7.0',
        ModerationLabels: [
          { Name: 'Violence', Confidence: 91, ParentName: '', TaxonomyLevel: 1 },
          { Name: 'Weapons', Confidence: 80, ParentName: 'Violence', TaxonomyLevel: 2 },
        ],
      },
    );
    const provider = new RekognitionProvider({ region: 'us-west-2', endpoint, accessKeyId: 'TESTKEY', secretAccessKey: 'TESTSECRET' });
    const before = fake.calls.length;
    const labels = await provider.classify(frames);
    expect(labels).toEqual([
      { name: 'Violence', confidence: 0.91 },
      { name: 'Weapons', confidence: 0.8 },
    ]);
    const calls = fake.calls.slice(before);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.target).toBe('RekognitionService.DetectModerationLabels');
      expect(call.contentType).toBe('application/x-amz-json-1.1');
      expect(call.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=TESTKEY\/\d{8}\/us-west-2\/rekognition\/aws4_request/);
      // A JPEG within Rekognition's size limit: large frames are scaled down.
      const image = await sharp(Buffer.from(call.body.Image!.Bytes!, 'base64')).metadata();
      expect(image).toMatchObject({ format: 'jpeg', width: 1920, height: 960 });
    }
    // Violence at 0.91 flags the upload at the default threshold; a higher threshold allows it.
    expect(isAllowedBy(provider, labels, 0.7)).toBe(false);
    expect(isAllowedBy(provider, labels, 0.95)).toBe(true);
    // Labels outside the flagged categories never flag.
    expect(isAllowedBy(provider, [{ name: 'Alcohol', confidence: 0.99 }], 0.5)).toBe(true);
  });

  it('fails (so the job retries) when the service refuses the call', async () => {
    answers.push({ __type: 'InvalidImageFormatException', message: 'Request has invalid image format' });
    const provider = new RekognitionProvider({ region: 'us-west-2', endpoint, accessKeyId: 'TESTKEY', secretAccessKey: 'TESTSECRET' });
    await expect(provider.classify(frames.slice(0, 1))).rejects.toThrow(/invalid image format/);
  });
});
