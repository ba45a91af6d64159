/**
 * What a web page on another site can do with a toolgraph it can reach: nothing, unless
 * CORS_ORIGINS allows its origin. Form posts (no preflight) are refused, cross-origin reads get no
 * CORS grant, and no page of the server may be framed.
 */
import type { ToolgraphServer } from '../../src/server/yoga';
import { useTestServer } from '../support/test-server';
import { data } from '../graphql/helpers';

const CREATE = 'mutation { createTool(input: { name: "csrf/evil", description: "Planted.", source: BUILTIN }) { __typename } }';

describe('HTTP protections', () => {
  const server = useTestServer('sqlite');

  const planted = async () => (await data(server.yoga, '{ tool(name: "csrf/evil") { name } }')).tool;

  describe('form posts, which browsers send cross-site without a preflight', () => {
    it.each([
      ['application/x-www-form-urlencoded', new URLSearchParams({ query: CREATE }).toString()],
      ['text/plain', JSON.stringify({ query: CREATE })],
      ['multipart/form-data; boundary=x', `--x\r\ncontent-disposition: form-data; name="query"\r\n\r\n${CREATE}\r\n--x--\r\n`],
    ])('refuses a %s POST with 415 and writes nothing', async (contentType, body) => {
      const response = await server.yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': contentType, origin: 'https://evil.example' },
        body,
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        errors: [{ message: 'POST bodies must be JSON (content-type: application/json).', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }],
      });
      expect(await planted()).toBeNull();
    });
  });

  describe('CORS', () => {
    const LISTED = ['https://dashboard.example', 'https://ops.example', 'http://localhost:5173'];
    /** CORS_ORIGINS of 0 to 3 origins, each asked by a listed origin, an unlisted one and a sandboxed page's `null`. */
    const cases = [0, 1, 2, 3].flatMap((count) => {
      const origins = LISTED.slice(0, count);
      return [...origins, 'https://evil.example', 'https://dashboard.example.evil.example', 'null'].map(
        (origin) => [count, origin, origins.includes(origin) ? 'exactly itself' : 'nothing', origins] as const,
      );
    });
    const preflight = (target: ToolgraphServer, origin: string) =>
      target.fetch('http://yoga/graphql', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const read = (target: ToolgraphServer, origin: string) =>
      target.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ query: '{ namespaces { name } }' }),
      });

    it.each(cases)('with %d CORS_ORIGINS, %s is granted %s, preflight and request, never credentials', async (_count, origin, granted, origins) => {
      const target = origins.length ? server.serve({ corsOrigins: origins }) : server.yoga;
      for (const response of [await preflight(target, origin), await read(target, origin)]) {
        expect(response.headers.get('access-control-allow-origin')).toBe(granted === 'nothing' ? null : origin);
        expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      }
      const allowedMethods = (await preflight(target, origin)).headers.get('access-control-allow-methods');
      expect(allowedMethods).toBe(granted === 'nothing' ? null : 'POST');
    });

    it('answers the request itself whatever the origin: the browser, not the server, withholds it from the page', async () => {
      const response = await read(server.serve({ corsOrigins: LISTED }), 'https://evil.example');
      expect(response.status).toBe(200);
    });
  });

  describe('framing', () => {
    it('forbids framing GraphiQL', async () => {
      const response = await server.yoga.fetch('http://yoga/graphql', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    });

    it("keeps the browser page's own Content-Security-Policy, which forbids framing too", async () => {
      const response = await server.yoga.fetch('http://yoga/', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    });
  });
});
