import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbedScriptSource } from './embed-script.ts';

describe('the embed script source', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'embed-script-'));
  const file = path.join(dir, 'embed.js');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is undefined before the loader is built', () => {
    expect(createEmbedScriptSource(file).load()).toBeUndefined();
  });

  it('serves the file with compressed variants and reloads it when it changes', () => {
    writeFileSync(file, 'console.info("one");');
    const source = createEmbedScriptSource(file);
    const first = source.load();
    expect(first?.body.toString()).toBe('console.info("one");');
    expect(gunzipSync(first!.gzip).toString()).toBe('console.info("one");');
    expect(source.load()).toBe(first);
    writeFileSync(file, 'console.info("two!");');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = source.load();
    expect(second?.body.toString()).toBe('console.info("two!");');
    expect(second?.etag).not.toBe(first?.etag);
  });
});
