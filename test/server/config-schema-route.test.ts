/**
 * The server serves the JSON Schema of tool config files at /schemas/tool.schema.json, the same
 * bytes as the committed schemas/tool.schema.json, for editors to point at a running registry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestServer } from '../support/test-server';

const committed = readFileSync(join(__dirname, '..', '..', 'schemas', 'tool.schema.json'), 'utf8');

describe('GET /schemas/tool.schema.json', () => {
  const server = useTestServer('sqlite');
  const request = (method: string) =>
    server.yoga.fetch('http://yoga/schemas/tool.schema.json', {
      method,
      headers: method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' },
    });

  it('answers the committed schema as JSON Schema', async () => {
    const response = await request('GET');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/schema+json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(committed);
  });

  it('answers HEAD with the headers only, and refuses other methods', async () => {
    const head = await request('HEAD');
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(Buffer.byteLength(committed)), '']);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const refused = await request(method);
      expect([refused.status, refused.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    }
  });

  it('serves nothing else under /schemas/', async () => {
    expect((await server.yoga.fetch('http://yoga/schemas/other.json')).status).toBe(404);
  });
});
