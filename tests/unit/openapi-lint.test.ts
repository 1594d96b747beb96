import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';

// The generated OpenAPI document, linted by Redocly's CLI with the repository's redocly.yaml
// (offline: telemetry and update checks off), and the document's own promises checked.

type TParameter = { name: string; in: string; schema?: { pattern?: string; example?: string }; example?: string };
type TOperation = { operationId: string; parameters?: TParameter[]; responses: Record<string, unknown> };
type TDoc = {
  servers?: { url: string }[];
  info: { license?: { name: string } };
  paths: Record<string, Record<string, TOperation>>;
};

async function documentOf(): Promise<TDoc> {
  const res = await createApp().request('http://localhost/api/openapi.json');
  return (await res.json()) as TDoc;
}

const operations = (doc: TDoc) =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: p, method, op })),
  );

describe('the OpenAPI document', () => {
  it('passes `redocly lint` with zero errors', { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(await documentOf()));
    const cli = path.resolve('node_modules/.bin/redocly');
    let out = '';
    let failed = false;
    try {
      out = execFileSync(cli, ['lint', file, '--config', path.resolve('redocly.yaml'), '--format=stylish'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      failed = true;
      out = String((err as { stdout?: string }).stdout ?? '') + String((err as { stderr?: string }).stderr ?? '');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(
      out.split('\n').filter((l) => /\berror\b/.test(l)),
      out,
    ).toEqual([]);
    expect(failed, out).toBe(false);
  });

  it('names its server and licence, and lists 413 on every operation that takes a body', async () => {
    const doc = await documentOf();
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.info.license?.name).toBeTruthy();
    for (const { path: p, method, op } of operations(doc)) {
      if (['post', 'put', 'patch', 'delete'].includes(method))
        expect(op.responses, `${method} ${p}`).toHaveProperty('413');
      if (method === 'post') expect(op.responses, `${method} ${p}`).toHaveProperty('422');
    }
  });

  it('shows a distinct example Idempotency-Key on every operation', async () => {
    const examples = operations(await documentOf()).flatMap(({ op }) =>
      (op.parameters ?? []).filter((p) => p.name === 'Idempotency-Key').map((p) => p.example ?? p.schema?.example),
    );
    expect(examples.length).toBeGreaterThan(20);
    expect(new Set(examples).size).toBe(examples.length);
  });

  it('gives the seller id a pattern real ids match', async () => {
    const doc = await documentOf();
    const param = doc.paths['/api/sellers/{id}']?.get?.parameters?.find((p) => p.name === 'id');
    const pattern = new RegExp(param?.schema?.pattern ?? '$^');
    for (const id of ['12', '12-emma-jones', '7-zoë-ångström']) expect(pattern.test(id), id).toBe(true);
    expect(pattern.test('emma')).toBe(false);
  });
});
